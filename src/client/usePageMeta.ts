import { createContext, use, useEffect } from 'react';
import { useSiteInfo } from './features/site/useSiteInfo';

export interface PageMeta {
  title: string;
  description: string;
}

/** Given by the server's renderer (entry-server.tsx): it puts the page's title and description into its <head>. */
export const PageMetaContext = createContext<((meta: PageMeta) => void) | null>(null);

function documentTitle(title: string, businessName: string): string {
  return title ? `${title} | ${businessName}` : `${businessName} — Car Rental in Alaminos City, Pangasinan`;
}

/** Each route sets its own document title and meta description, in the server's page and in the browser. */
export function usePageMeta(title: string, description: string): void {
  const business = useSiteInfo();
  use(PageMetaContext)?.({ title: documentTitle(title, business.name), description });
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
