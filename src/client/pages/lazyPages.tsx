import { Box } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import type { CatalogPart } from '../../shared/i18n/parts';
import { withMessages } from '../i18n';

/** Holds the page's place while its chunk loads, so the footer does not jump up and back. */
export function PageLoading() {
  return <Box mih="100vh" aria-busy="true" />;
}

/** A page's chunk, loaded with the catalog parts it reads. */
function lazyPage(load: () => Promise<ComponentType>, ...parts: CatalogPart[]) {
  const loadWithMessages = withMessages(load, ...parts);
  const Page = lazy(async () => ({ default: await loadWithMessages() }));
  return function LazyPage() {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    );
  };
}

/**
 * The pages besides home are chunks of their own: the home page's first script carries only
 * what it renders. React.lazy inside a Suspense boundary (rather than the router's `lazy`) keeps
 * the header and footer on screen while a page loads.
 */
export const BookingPage = lazyPage(() => import('./Booking.page').then((module) => module.BookingPage), 'search', 'forms');
export const PccPage = lazyPage(() => import('./Pcc.page').then((module) => module.PccPage), 'pcc');
export const TermsPage = lazyPage(() => import('./Legal.page').then((module) => module.TermsPage), 'legal');
export const PrivacyPage = lazyPage(() => import('./Legal.page').then((module) => module.PrivacyPage), 'legal');
export const FindBookingPage = lazyPage(() => import('./FindBooking.page').then((module) => module.FindBookingPage), 'forms');
export const MyBookingPage = lazyPage(() => import('./MyBooking.page').then((module) => module.MyBookingPage), 'forms');
export const CarPage = lazyPage(() => import('./Car.page').then((module) => module.CarPage), 'car', 'search', 'forms');
export const AdminPage = lazyPage(() => import('./Admin.page').then((module) => module.AdminPage), 'forms');
