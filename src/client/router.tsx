import { createBrowserRouter } from 'react-router';
import { Layout } from './components/Layout/Layout';
import { HomePage } from './pages/Home.page';
import { BookingPage, PccPage, PrivacyPage, TermsPage } from './pages/lazyPages';
import { NotFoundPage } from './pages/NotFound.page';

export const router = createBrowserRouter([
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
]);
