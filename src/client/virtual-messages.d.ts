/** A catalog part in one language, compiled at build time (scripts/vite-messages.ts). */
declare module 'virtual:messages/*' {
  const messages: Record<string, string | readonly unknown[]>;
  export default messages;
}
