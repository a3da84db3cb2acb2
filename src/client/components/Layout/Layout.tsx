import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { scrollToAnchor } from '../../features/site/anchors';
import { Footer } from '../Footer/Footer';
import { Header } from '../Header/Header';

/** Header, page, footer. A hash in the address scrolls to its section once the page has rendered. */
export function Layout() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      const id = hash.slice(1);
      const timer = window.setTimeout(() => scrollToAnchor(id, 'auto'), 50);
      return () => window.clearTimeout(timer);
    }
    window.scrollTo(0, 0);
    return undefined;
  }, [pathname, hash]);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <Box component="main" id="main">
        <Outlet />
      </Box>
      <Footer />
    </>
  );
}
