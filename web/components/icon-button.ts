/** The top bar's round icon buttons (menu, theme, the signed-in person's badges). */
export const iconButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-full text-ink hover:bg-sunken focus-visible:bg-sunken focus-ring';
