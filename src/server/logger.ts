/**
 * A small structured logger: one JSON line per event on stdout. It never receives passwords,
 * cookies, tokens or file contents — callers pass only what is safe to keep.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

let threshold: number = ORDER.info;

export function setLogLevel(level: Level | 'silent'): void {
  threshold = ORDER[level];
}

function write(level: Level, event: string, fields?: Record<string, unknown>) {
  if (ORDER[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const log = {
  debug: (event: string, fields?: Record<string, unknown>) => write('debug', event, fields),
  info: (event: string, fields?: Record<string, unknown>) => write('info', event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write('warn', event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write('error', event, fields),
};

/** The safe description of an error for the log: class, code and message, no stack for known ones. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { error: error.name, message: error.message, ...(code ? { code } : {}), stack: error.stack?.split('\n').slice(0, 6).join('\n') };
  }
  return { error: String(error) };
}
