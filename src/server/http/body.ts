import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import type { AppEnv } from './variables';

/** JSON bodies above this are refused with 413, before they are read when their length is declared. */
export const MAX_JSON_BODY = 1024 * 1024;

function tooLarge(): never {
  throw new AppError('PAYLOAD_TOO_LARGE', messages.errors.bodyTooLarge);
}

/** The declared length of a request's body, or null when it comes without one (chunked). */
function declaredLength(c: Context<AppEnv>): number | null {
  if (c.req.header('transfer-encoding')) return null;
  const length = c.req.header('content-length');
  return length === undefined ? null : Number(length);
}

/**
 * Refuses (413) a request whose declared Content-Length is above `maxBytes`, from its headers
 * alone: nothing of the body is read, and no web `Request` is made for it. A body without a
 * declared length is counted as it is read (`readBody`).
 */
export function declaredBodyLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const length = declaredLength(c);
    if (length !== null && !(length <= maxBytes)) tooLarge();
    await next();
  };
}

/** The Node.js request behind a Hono context when served by @hono/node-server, else undefined. */
function nodeRequest(c: Context<AppEnv>): IncomingMessage | undefined {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming && typeof env.incoming.on === 'function' ? env.incoming : undefined;
}

/**
 * A request's whole body, refused (413) past `maxBytes` whether or not its length was declared.
 * Under @hono/node-server it is read straight from Node.js's request: going through the web
 * `Request` the adapter would build (a web stream over the Node stream) cost more processor time
 * than the rest of a small JSON request. Elsewhere (app.request in tests) from the web `Request`.
 */
export async function readBody(c: Context<AppEnv>, maxBytes: number): Promise<Buffer> {
  const incoming = nodeRequest(c);
  const chunks: Buffer[] = [];
  let size = 0;
  const add = (chunk: Uint8Array) => {
    size += chunk.length;
    if (size > maxBytes) tooLarge();
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  };
  if (incoming && !incoming.readableDidRead) {
    await new Promise<void>((resolve, reject) => {
      const done = (error?: unknown) => {
        incoming.off('data', onData).off('end', onEnd).off('error', done);
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve();
      };
      const onData = (chunk: Buffer) => {
        try {
          add(chunk);
        } catch (error) {
          // Past the limit: the rest is read and dropped (the request's time limit still applies),
          // so that the client, still sending, gets the 413 instead of a reset connection.
          done(error);
          incoming.resume();
        }
      };
      const onEnd = () => done();
      incoming.on('data', onData).on('end', onEnd).on('error', done);
    });
  } else if (c.req.raw.body) {
    const reader = c.req.raw.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        add(value);
      }
    } finally {
      reader.releaseLock();
    }
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}
