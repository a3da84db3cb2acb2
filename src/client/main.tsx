import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import superjson from 'superjson';
import { setLocaleResolver } from '../shared/i18n/catalog';
import { localeOfPath } from '../shared/i18n/locales';
import { PAGE_STATE_ELEMENT_ID } from '../shared/pageState';
import App from './App';
import { loadMessages } from './i18n';
import { SiteRoutes } from './router';
import { createQueryClient } from './trpc';

/**
 * Public pages arrive rendered by the server (entry-server.tsx) with their data inlined: the data
 * goes into the query cache first, so the hooks find it and nothing is fetched again, then React
 * hydrates the markup. The dashboard's page arrives empty and is rendered here. The page's language
 * is its address's (`/fil/...`), for the whole page: the language switch loads the other page.
 */
const locale = localeOfPath(window.location.pathname);
setLocaleResolver(() => locale);
const root = document.getElementById('root');

function start(root: HTMLElement) {
  const queryClient = createQueryClient();
  const state = document.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  if (state) hydrate(queryClient, superjson.deserialize(JSON.parse(state)));
  const app = (
    <StrictMode>
      <App queryClient={queryClient}>
        <BrowserRouter>
          <SiteRoutes />
        </BrowserRouter>
      </App>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: a tap or a scroll meanwhile is not kept waiting. React
  // Router's own client entry hydrates the same way:
  // https://reactrouter.com/api/framework-conventions/entry.client.tsx
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

// A promise rather than a top-level await: with one, the bundler moves every module that lazy
// pages share with the entry out of it, into chunks of their own that the home page loads too.
if (root) void loadMessages('site').then(() => start(root));
