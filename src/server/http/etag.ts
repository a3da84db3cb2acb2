import { createHash } from 'node:crypto';

/**
 * The entity tag of a representation, made once when it is cached (the fleet's JSON, a rendered
 * page) or per answer (a car search), and sent as its `ETag`; `cachedAnswer`
 * (src/server/http/middleware.ts) answers a matching `If-None-Match` with 304. Weak when the same content is also sent in other bytes (a page's compressed forms).
 */
export function entityTag(content: string, options: { weak?: boolean } = {}): string {
  const tag = `"${createHash('sha1').update(content).digest('base64url')}"`;
  return options.weak ? `W/${tag}` : tag;
}
