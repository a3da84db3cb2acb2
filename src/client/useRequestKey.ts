import { useRef } from 'react';

/** 128 random bits as hex: `crypto.getRandomValues` works on any page, `randomUUID` only on secure ones. */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The idempotency key of a request a form sends (ZIdempotencyKeySchema): the same key while the
 * request is sent again unchanged (a retry after a lost answer or a second click), a new one as
 * soon as anything in it changed.
 */
export function useRequestKey(): (request: unknown) => string {
  const last = useRef<{ request: string; key: string } | null>(null);
  return (request) => {
    const text = JSON.stringify(request);
    if (last.current?.request !== text) last.current = { request: text, key: randomKey() };
    return last.current.key;
  };
}
