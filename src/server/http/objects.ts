import { Hono } from 'hono';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { notSignedIn } from '../auth/access';
import { serviceContext } from '../rest/route';
import { acceptUpload, isHeldDocument } from '../services/upload.service';
import { OBJECT_KEY_PATTERN } from '../storage/storage';
import { requestMeta } from './middleware';
import type { AppEnv } from './variables';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

/**
 * `/objects/*`: the server's upload endpoint (the local driver's, and S3 uploads of undeclared size), public car images (cacheable for a year:
 * keys are never reused) and private identity documents (staff only, only while a booking or a
 * customer holds them, never cached, served with Content-Disposition and nosniff so a browser cannot
 * be tricked into running one).
 */
export function objectsApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.put('/objects/upload/:visibility/:id', async (c) => {
    const key = `${c.req.param('visibility')}/${c.req.param('id')}`;
    const { network } = requestMeta(c);
    await c.get('deps').limiter.hit('uploads', network);
    const length = c.req.header('content-length');
    const result = await acceptUpload(serviceContext(c), key, new URL(c.req.url).searchParams, {
      network,
      contentType: c.req.header('content-type') ?? null,
      contentLength: length && /^\d+$/.test(length) ? Number(length) : null,
      body: c.req.raw.body,
    });
    return c.json(result, 200);
  });

  app.get('/objects/:visibility/:id', async (c) => {
    const visibility = c.req.param('visibility');
    const key = `${visibility}/${c.req.param('id')}`;
    if (!OBJECT_KEY_PATTERN.test(key)) throw new AppError('NOT_FOUND', messages.errors.notFound);
    if (visibility === 'private') {
      if (!c.get('actor')) throw notSignedIn('staff');
      if (!(await isHeldDocument(serviceContext(c), key))) throw new AppError('NOT_FOUND', messages.errors.notFound);
    }
    const object = await c.get('deps').storage.get(key);
    if (!object) throw new AppError('NOT_FOUND', messages.errors.notFound);
    const type = object.contentType && EXTENSIONS[object.contentType] ? object.contentType : 'application/octet-stream';
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Content-Length': String(object.size),
      'X-Content-Type-Options': 'nosniff',
    };
    if (visibility === 'private') {
      // A document is data, never a page: `sandbox` keeps any script in it (a PDF's JavaScript
      // action, an SVG smuggled in) from running with the site's origin. Chrome will not show a
      // sandboxed PDF inline, so PDFs are downloaded and open in the computer's own viewer.
      headers['Cache-Control'] = 'private, no-store';
      headers['Content-Security-Policy'] = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";
      const disposition = type === 'application/pdf' ? 'attachment' : 'inline';
      headers['Content-Disposition'] = `${disposition}; filename="document-${c.req.param('id').slice(0, 8)}.${EXTENSIONS[type] ?? 'bin'}"`;
    } else {
      headers['Cache-Control'] = 'public, max-age=31536000, immutable';
    }
    return new Response(object.body, { status: 200, headers });
  });

  return app;
}
