import { Box } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { stripLocale } from '../../../shared/i18n/locales';
import { MY_BOOKING_PATH } from '../../features/myBooking/paths';
import { goToSectionWhenThere } from '../../features/site/anchors';
import { focusWithoutScroll } from '../../focus';
import { HydrateWhenSeen } from '../HydrateWhenSeen/HydrateWhenSeen';
import { Header } from '../Header/Header';
import { copy } from '../../content/site';

/** The footer: rendered by the server, its code loaded when it comes near the screen. */
const Footer = lazy(() => import('../Footer/Footer').then((module) => ({ default: module.Footer })));

/**
 * Header, page, footer. A hash in the address goes to its section (scrolled to, focused) once the page has rendered
 * and the section is there, however late its part of the page loads (except on the manage page,
 * whose hash is its token).
 * On a server-rendered page the page is a Suspense boundary, so React hydrates it after the header
 * and in small slices (selective hydration: https://github.com/reactwg/react-18/discussions/37);
 * the footer hydrates when it comes near the screen.
 */
export function Layout() {
  const { pathname, hash } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    const arrived = shownPath.current !== pathname;
    shownPath.current = pathname;
    // The manage page's fragment is its link's token, not a section to scroll to.
    if (hash && stripLocale(pathname) !== MY_BOOKING_PATH) {
      const id = hash.slice(1);
      let stopWaiting = () => undefined as void;
      const timer = window.setTimeout(() => {
        stopWaiting = goToSectionWhenThere(id, 'auto');
      }, 50);
      return () => {
        window.clearTimeout(timer);
        stopWaiting();
      };
    }
    window.scrollTo(0, 0);
    // Another page reached within the site: the focus, left on the header or footer link followed
    // (or lost with the old page), moves to the new page, unless the page has taken it itself.
    const main = document.getElementById('main');
    if (arrived && main && !main.contains(document.activeElement)) focusWithoutScroll(main);
    return undefined;
  }, [pathname, hash]);
  return (
    <>
      <a href="#main" className="skip-link">
        {copy.nav.skip}
      </a>
      <Header />
      <Box component="main" id="main">
        <Suspense>
          <Outlet />
        </Suspense>
      </Box>
      <HydrateWhenSeen>
        <Suspense>
          <Footer />
        </Suspense>
      </HydrateWhenSeen>
    </>
  );
}
