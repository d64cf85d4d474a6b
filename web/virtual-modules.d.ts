/** One part of a language's texts (vite.config.ts, web/lib/message-parts.ts). */
declare module 'virtual:messages/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
