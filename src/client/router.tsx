import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Layout } from './components/Layout/Layout';
import { HomePage } from './pages/Home.page';
import { BookingPage, PccPage, PrivacyPage, TermsPage } from './pages/lazyPages';
import { NotFoundPage } from './pages/NotFound.page';

/** The site's routes, shared by the browser's router and the server's renderer (entry-server.tsx). */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/booking', element: <BookingPage /> },
      { path: '/pcc', element: <PccPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      // The dashboard is its own chunk: visitors of the public pages never download it.
      { path: '/admin', lazy: () => import('./pages/Admin.page').then(({ AdminPage }) => ({ Component: AdminPage })) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
