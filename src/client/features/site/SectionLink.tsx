import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { localePath } from '../../i18n';
import { useAnchorNavigation, type Anchor } from './anchors';

type SectionLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { anchor: Anchor };

/**
 * A link to a section of the home page (`/#contact`, `/fil/#contact`). It is a real link, so it
 * works before the page's scripts have run, opens in a new tab on a modified or middle click, and
 * is read as a link; a plain click goes there within the page (`useAnchorNavigation`): a smooth
 * scroll on the home page, the home page opened at the section elsewhere.
 */
export const SectionLink = forwardRef<HTMLAnchorElement, SectionLinkProps>(function SectionLink({ anchor, onClick, ...rest }, ref) {
  const goTo = useAnchorNavigation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    goTo(anchor);
  };
  return <a ref={ref} href={`${localePath('/')}#${anchor}`} onClick={follow} {...rest} />;
});
