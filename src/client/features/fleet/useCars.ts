import { trpc } from '../../trpc';

/**
 * The fleet list (in the server-rendered page's data, so no request on load). A module of its own:
 * imported from FleetGrid by lazy pages, it would pull the grid's components out of the home page's
 * first script into chunks of their own.
 */
export function useCars() {
  return trpc.cars.list.useQuery();
}
