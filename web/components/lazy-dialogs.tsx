import { type ComponentProps, type ComponentType, Suspense, lazy, useState } from 'react';
import type { FormDialog as FormDialogType } from './form-dialog';
import { allMessagesLoaded } from '../lib/messages-loaded';

/**
 * Dialogs load when they are first opened: their code, and react-aria's (about 40 KB compressed),
 * stays out of the first load of the pages that only may open one (web/features/README.md).
 */

/** A dialog for `openDialog`, loaded on first open (the dialog host renders it in Suspense). */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // Its texts may be in the part of the language that arrives after hydration: wait for them too.
  return lazy(() => Promise.all([load(), allMessagesLoaded()]).then(([component]) => ({ default: component })));
}

const FormDialogCore = lazyDialog(() => import('./form-dialog').then((m) => m.FormDialog));

/**
 * `FormDialog` that loads the first time it opens and stays mounted after (its closing animation
 * runs); until then it renders nothing, as a closed dialog does.
 */
export function LazyFormDialog(props: ComponentProps<typeof FormDialogType>) {
  const [opened, setOpened] = useState(props.isOpen);
  if (props.isOpen && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <FormDialogCore {...props} />
    </Suspense>
  );
}
