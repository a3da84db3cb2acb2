import { useRoutes, type RouteObject } from 'react-router-dom';
import { localizePath } from '../shared/i18n/locales';
import { Layout } from './components/Layout/Layout';
import { HomePage } from './pages/Home.page';
import { FIND_BOOKING_PATH, MY_BOOKING_PATH } from './features/myBooking/paths';
import { AdminPage, BookingPage, FindBookingPage, MyBookingPage, PccPage, PrivacyPage, TermsPage } from './pages/lazyPages';
import { NotFoundPage } from './pages/NotFound.page';
import { CarRoute } from './pages/CarRoute';

/** The public pages, each also in Filipino under /fil (`/fil/`, `/fil/booking`, ...). */
const publicPages: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/booking', element: <BookingPage /> },
  { path: '/pcc', element: <PccPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: FIND_BOOKING_PATH, element: <FindBookingPage /> },
  // Rendered on the server as a shell; the booking is fetched in the browser, with the token in the address's fragment.
  { path: MY_BOOKING_PATH, element: <MyBookingPage /> },
  { path: '/cars/:slug', element: <CarRoute /> },
];

/** The site's routes, shared by the browser's router and the server's renderer (entry-server.tsx). */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...publicPages,
      ...publicPages.map((page) => ({ ...page, path: localizePath(page.path!, 'fil') })),
      // The dashboard is its own chunk: visitors of the public pages never download it.
      { path: '/admin', element: <AdminPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The page of the router's location, inside the layout: React Router's declarative mode, under the
 * browser's BrowserRouter (main.tsx) or the server's StaticRouter (entry-server.tsx). The site has
 * no loaders, actions or route modules, so the data router's machinery would be script that every
 * page loads for nothing: https://reactrouter.com/start/modes
 */
export function SiteRoutes() {
  return useRoutes(routes);
}
