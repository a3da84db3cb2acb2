/** The browser's only logging: what the spec says is "only logged" (a missing anchor, a failed upload address). */
export function logWarning(message: string, detail?: unknown): void {
  // eslint-disable-next-line no-console
  console.warn(message, detail ?? '');
}
