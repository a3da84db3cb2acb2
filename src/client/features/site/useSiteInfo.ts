import { DEFAULT_BUSINESS, type TBusinessInfo } from '../../../shared/business';
import { trpc } from '../../trpc';

/** The garage's details from the server (settings may override the defaults), defaults meanwhile. */
export function useSiteInfo(): TBusinessInfo {
  const { data } = trpc.site.info.useQuery(undefined, { placeholderData: DEFAULT_BUSINESS });
  return data ?? DEFAULT_BUSINESS;
}
