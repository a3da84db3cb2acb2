import { ADMIN_HEADERS } from './harness';

/** One JSON request to the server under test; throws on an unexpected status. */
export async function api<T>(baseUrl: string, method: string, path: string, body?: unknown, options: { admin?: boolean; expect?: number } = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(options.admin ? ADMIN_HEADERS : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status !== (options.expect ?? (method === 'POST' ? 201 : 200))) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Runs `task` over `items`, `concurrency` at a time. */
export async function inParallel<T>(items: T[], concurrency: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) await task(items[i]!, i);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
