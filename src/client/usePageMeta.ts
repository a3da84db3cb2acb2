import { useEffect } from 'react';
import { useSiteInfo } from './features/site/useSiteInfo';

/** Each route sets its own document title and meta description. */
export function usePageMeta(title: string, description: string): void {
  const business = useSiteInfo();
  useEffect(() => {
    document.title = title ? `${title} | ${business.name}` : `${business.name} — Car Rental in Alaminos City, Pangasinan`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description, business.name]);
}
