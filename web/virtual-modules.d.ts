/** A loader of each part of every language's texts, by language code (vite.config.ts). */
declare module 'virtual:messages/loaders' {
  type Loaders = Readonly<Record<string, () => Promise<{ default: Record<string, unknown> }>>>;
  export const first: Loaders;
  export const rest: Loaders;
}

/** One part of a language's texts (vite.config.ts, web/lib/message-parts.ts). */
declare module 'virtual:messages/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
