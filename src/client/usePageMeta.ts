import { createContext, use, useEffect } from 'react';
import { copy } from './content/site';
import { useSiteInfo } from './features/site/useSiteInfo';

/** What a page adds to its <head> on the server: Open Graph's picture and type, and structured data (JSON-LD). */
export interface PageHead {
  /** An absolute address of the page's picture (og:image). */
  image?: string;
  /** og:type: 'website' unless said otherwise ('product' for a car). */
  type?: string;
  /** schema.org data, written as <script type="application/ld+json">. */
  structuredData?: Record<string, unknown>;
}

export interface PageMeta {
  title: string;
  description: string;
  head?: PageHead;
}

/**
 * Given by the server's renderer (entry-server.tsx): it puts the page's title, description and head
 * extras into its <head>, and says the site's address (for absolute links in them).
 */
export const PageMetaContext = createContext<{ origin: string; set: (meta: PageMeta) => void } | null>(null);

function documentTitle(title: string, businessName: string): string {
  return title ? copy.meta.pageTitle({ title, name: businessName }) : copy.meta.homeTitle({ name: businessName });
}

/** The site's own address: the server's (PUBLIC_URL) while rendering there, the browser's here. */
export function useSiteOrigin(): string {
  return use(PageMetaContext)?.origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
}

/** Each route sets its own document title and meta description, in the server's page and in the browser. */
export function usePageMeta(title: string, description: string, head?: PageHead): void {
  const business = useSiteInfo();
  use(PageMetaContext)?.set({ title: documentTitle(title, business.name), description, ...(head ? { head } : {}) });
  useEffect(() => {
    document.title = documentTitle(title, business.name);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description, business.name]);
}
