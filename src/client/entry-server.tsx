import { AsyncLocalStorage } from 'node:async_hooks';
import type { DehydratedState } from '@tanstack/react-query';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import superjson, { type SuperJSONResult } from 'superjson';
import App from './App';
import { loadAllMessages } from './i18n';
import { setLocaleResolver } from '../shared/i18n/catalog';
import { DEFAULT_LOCALE, localeOfPath, type Locale } from '../shared/i18n/locales';
import { routes, SiteRoutes } from './router';
import { createQueryClient } from './trpc';
import type { RenderedPage, RenderInput } from '../shared/pageState';
import { PageMetaContext, type PageMeta } from './usePageMeta';

/** Pages in both languages may render at once: each reads its own (its address's) through this. */
const pageLocale = new AsyncLocalStorage<Locale>();
setLocaleResolver(() => pageLocale.getStore() ?? DEFAULT_LOCALE);
const messagesLoaded = loadAllMessages();

/**
 * Renders one public page on the server (built by `vite build --ssr` into dist/server). The same
 * App and routes as the browser's main.tsx, with the inlined data already in the query cache, so
 * hydration finds identical markup. `prerenderToNodeStream` waits for the lazily loaded parts
 * (the contact and booking forms) so the page arrives whole.
 * https://react.dev/reference/react-dom/static/prerenderToNodeStream
 * https://reactrouter.com/api/declarative-routers/StaticRouter
 */
export async function render(input: RenderInput): Promise<RenderedPage> {
  await messagesLoaded;
  return pageLocale.run(localeOfPath(new URL(input.url, 'http://localhost').pathname), () => renderPage(input));
}

async function renderPage({ url, state, origin }: RenderInput): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  hydrate(queryClient, superjson.deserialize<DehydratedState>(state as SuperJSONResult));
  const meta: PageMeta = { title: '', description: '' };
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageMetaContext value={{ origin, set: (page) => Object.assign(meta, page) }}>
        <App queryClient={queryClient}>
          <StaticRouter location={url}>
            <SiteRoutes />
          </StaticRouter>
        </App>
      </PageMetaContext>
    </StrictMode>,
    // Every boundary inline, in place: a boundary sent apart is put in place by an inline script,
    // which the Content-Security-Policy (no 'unsafe-inline') would block.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');
  queryClient.clear();
  const notFound = matchRoutes(routes, new URL(url, 'http://localhost').pathname)?.at(-1)?.route.path === '*';
  return { html, status: notFound ? 404 : 200, ...meta };
}
