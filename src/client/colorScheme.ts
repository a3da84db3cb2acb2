import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/** The spec's storage key for the chosen theme. */
export const THEME_STORAGE_KEY = 'theme';

type Scheme = 'light' | 'dark';

function systemScheme(): Scheme {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function storedScheme(): Scheme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

/** Puts the scheme on the root element as a class (the spec) and as Mantine's attribute. */
export function applySchemeClass(scheme: Scheme): void {
  if (typeof document === 'undefined') return; // rendering on the server
  const root = document.documentElement;
  root.classList.remove(scheme === 'dark' ? 'light' : 'dark');
  root.classList.add(scheme);
  root.style.colorScheme = scheme;
}

/**
 * Theme preference: the stored choice, else the system's dark preference, else light. Stored
 * under local-storage key `theme`, and kept in step across tabs. public/theme-init.js applies the
 * same rule before the first paint, so the page never flashes the wrong theme.
 */
export function themeManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | null = null;
  return {
    get: () => {
      const scheme = storedScheme() ?? systemScheme();
      applySchemeClass(scheme);
      return scheme;
    },
    set: (value: MantineColorScheme) => {
      const scheme: Scheme = value === 'auto' ? systemScheme() : value;
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, scheme);
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      applySchemeClass(scheme);
    },
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        if (event.key === THEME_STORAGE_KEY && (event.newValue === 'light' || event.newValue === 'dark')) {
          applySchemeClass(event.newValue);
          onUpdate(event.newValue);
        }
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
    },
    clear: () => {
      try {
        window.localStorage.removeItem(THEME_STORAGE_KEY);
      } catch {
        // nothing stored
      }
    },
  };
}
