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

/** An e-mail address, as a mail server's refusal quotes the recipient's ("<ana@example.com>: ..."). */
const EMAIL_ADDRESS = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g;

/**
 * What of an error's message may be logged: no e-mail address, and of a database error (a
 * SQLSTATE `code`) only PostgreSQL's own words: MikroORM and knex put the statement before them,
 * its values filled in ("insert into customer ... values ('ana@example.com', ...) - canceling
 * statement due to statement timeout"), and a renter's details have no place in the log.
 */
export function loggableMessage(message: string, code?: unknown): string {
  const cut = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && message.includes(' - ') ? message.slice(message.lastIndexOf(' - ') + 3) : message;
  return cut.replace(EMAIL_ADDRESS, '[e-mail]');
}

/** The safe description of an error for the log: class, code, message (see loggableMessage) and the first lines of its stack. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const message = loggableMessage(error.message, code);
    // The stack's first line repeats the message as it was.
    const frames = error.stack?.split('\n').slice(1, 6) ?? [];
    return { error: error.name, message, ...(code ? { code } : {}), stack: [`${error.name}: ${message}`, ...frames].join('\n') };
  }
  return { error: String(error) };
}
