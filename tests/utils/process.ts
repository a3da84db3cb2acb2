import type { ChildProcess } from 'node:child_process';

/**
 * Resolves once `child` has written `text` to its stdout or stderr, which the caller collects in
 * `output`; rejects with what it wrote if it exits first or `timeoutMs` passes. Listens to the
 * streams, so it wakes on the very chunk that carries the text.
 */
export function waitForOutput(child: ChildProcess, output: string[], text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const streams = [child.stdout, child.stderr].filter((stream) => stream !== null);
    const done = (error?: Error) => {
      clearTimeout(timer);
      for (const stream of streams) stream.off('data', check);
      child.off('exit', exited);
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      if (output.join('').includes(text)) done();
    };
    const exited = () => done(new Error(`the process exited (${child.exitCode ?? child.signalCode}) before writing "${text}":\n${output.join('')}`));
    const timer = setTimeout(() => done(new Error(`"${text}" not written within ${timeoutMs} ms:\n${output.join('')}`)), timeoutMs);
    // Registered after the caller's collectors, so `output` already holds each chunk when it is checked.
    for (const stream of streams) stream.on('data', check);
    child.on('exit', exited);
    if (child.exitCode !== null || child.signalCode !== null) exited();
    else check();
  });
}
