import { ActionIcon, Badge, Box, Burger, Button, Container, Group, Stack, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMoon, IconPhone, IconSun } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { currentLocale } from '../../../shared/i18n/catalog';
import { LOCALE_NAMES, isEnglishOnly, localizePath, stripLocale, type Locale } from '../../../shared/i18n/locales';
import { telHref } from '../../../shared/business';
import { copy } from '../../content/site';
import { FIND_BOOKING_PATH } from '../../features/myBooking/paths';
import type { Anchor } from '../../features/site/anchors';
import { SectionLink } from '../../features/site/SectionLink';
import { useSiteInfo } from '../../features/site/useSiteInfo';
import { Hint } from '../Hint/Hint';
import { useHydrated } from '../../useHydrated';
import { Logo } from '../Logo/Logo';
import classes from './Header.module.css';
import { localePath } from '../../i18n';

/** The phone menu's drawer loads the first time the menu opens. */
const MenuDrawer = lazy(() => import('./MenuDrawer'));

/** Labels are read when rendered, in the page's language. */
type Entry = { kind: 'anchor'; anchor: Anchor; label: () => string } | { kind: 'route'; to: string; label: () => string } | { kind: 'soon'; label: () => string };

const ENTRIES: Entry[] = [
  { kind: 'anchor', anchor: 'cars', label: () => copy.nav.fleet },
  { kind: 'soon', label: () => copy.nav.carsSale },
  { kind: 'route', to: '/pcc', label: () => copy.nav.pcc },
  { kind: 'anchor', anchor: 'booking', label: () => copy.nav.book },
  { kind: 'anchor', anchor: 'about', label: () => copy.nav.about },
  { kind: 'anchor', anchor: 'contact', label: () => copy.nav.contact },
  { kind: 'route', to: FIND_BOOKING_PATH, label: () => copy.nav.findBooking },
  { kind: 'route', to: '/admin', label: () => copy.nav.admin },
];

/**
 * The same page in the other language (its query and fragment kept): a whole page load, as each
 * page is rendered and hydrated in its own language. The server's markup names the path only (a
 * page is cached without its query, and a fragment never reaches the server): once hydrated the
 * link carries both, and a click takes the address as it is then (an anchor may have changed it).
 */
function LanguageSwitch({ className }: { className: string | undefined }) {
  const { pathname, search, hash } = useLocation();
  const hydrated = useHydrated();
  // The dashboard has one language: a switch would lead back to the same page.
  if (isEnglishOnly(stripLocale(pathname))) return null;
  const target: Locale = currentLocale() === 'fil' ? 'en' : 'fil';
  const href = `${localizePath(pathname, target)}${hydrated ? `${search}${hash}` : ''}`;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    event.currentTarget.href = `${localizePath(window.location.pathname, target)}${window.location.search}${window.location.hash}`;
  };
  return (
    <a href={href} onClick={follow} hrefLang={target} lang={target} className={className} aria-label={copy.nav.switchLanguage} data-testid="language-switch">
      {LOCALE_NAMES[target]}
    </a>
  );
}

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  // The server cannot know the visitor's theme, so the server's render and hydration say "light";
  // the icon follows the root's data-mantine-color-scheme (set by theme-init.js) from the first paint.
  const scheme = useHydrated() ? computed : 'light';
  const label = scheme === 'dark' ? copy.nav.toLight : copy.nav.toDark;
  return (
    <Hint label={label}>
      <ActionIcon variant="default" size={38} radius="md" className="touch-target" aria-label={label} onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}>
        <Box component="span" className={classes.schemeIcon} lightHidden>
          <IconSun size={20} aria-hidden />
        </Box>
        <Box component="span" className={classes.schemeIcon} darkHidden>
          <IconMoon size={20} aria-hidden />
        </Box>
      </ActionIcon>
    </Hint>
  );
}

function NavEntries({ className, onNavigate }: { className: string | undefined; onNavigate?: () => void }) {
  return ENTRIES.map((entry) => {
    if (entry.kind === 'anchor') {
      return (
        <SectionLink key={entry.label()} anchor={entry.anchor} className={className} onClick={onNavigate}>
          {entry.label()}
        </SectionLink>
      );
    }
    if (entry.kind === 'route') {
      return (
        <NavLink key={entry.label()} to={localePath(entry.to)} className={className} onClick={onNavigate}>
          {entry.label()}
        </NavLink>
      );
    }
    return (
      <Hint key={entry.label()} label={copy.nav.comingSoon}>
        <span className={className} role="link" aria-disabled="true" tabIndex={0}>
          {entry.label()}
          <Badge size="xs" variant="light" color="sand">
            {copy.nav.comingSoon}
          </Badge>
        </span>
      </Hint>
    );
  });
}

export function Header() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Once opened, the drawer stays mounted so that it closes with its transition.
  const [menuMounted, setMenuMounted] = useState(false);
  if (opened && !menuMounted) setMenuMounted(true);
  // The drawer's first opening mounts it already open, so Mantine never saw what had the focus:
  // closed with Escape, its close button or a tap outside, it gives the focus back to the burger itself.
  const burger = useRef<HTMLButtonElement>(null);
  const closeToBurger = () => {
    close();
    window.requestAnimationFrame(() => burger.current?.focus());
  };
  const business = useSiteInfo();
  return (
    <header className={`${classes.header} no-print`}>
      <Container size="xl" className={classes.inner}>
        <Logo compact />
        <Group gap={2} visibleFrom="lg" component="nav" aria-label={copy.nav.main}>
          <NavEntries className={`${classes.link} touch-target`} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Box visibleFrom="lg">
            <LanguageSwitch className={`${classes.link} touch-target`} />
          </Box>
          <ThemeToggle />
          <Burger ref={burger} opened={opened} onClick={toggle} hiddenFrom="lg" className="touch-target" aria-label={opened ? copy.nav.closeMenu : copy.nav.openMenu} />
        </Group>
      </Container>
      {menuMounted ? (
        <Suspense fallback={null}>
          <MenuDrawer opened={opened} onClose={closeToBurger} returnFocus={false} position="right" size="xs" title={<Logo />} hiddenFrom="lg" closeButtonProps={{ 'aria-label': copy.nav.closeMenu, className: 'touch-target' }}>
            <Stack gap={4} component="nav" aria-label={copy.nav.mobile}>
              <NavEntries className={classes.drawerLink} onNavigate={close} />
              <LanguageSwitch className={classes.drawerLink} />
              <Button component="a" href={telHref(business.phonePrimary)} leftSection={<IconPhone size={20} aria-hidden />} size="md" mt="md">
                {copy.nav.callNow}
              </Button>
            </Stack>
          </MenuDrawer>
        </Suspense>
      ) : null}
    </header>
  );
}
