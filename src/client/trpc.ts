import { MutationCache, QueryClient, type Query } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import { currentLocale } from '../shared/i18n/catalog';
import type { AppRouter } from '../server/trpc/root';

export const trpc = createTRPCReact<AppRouter>();

/**
 * The spec's data defaults: no polling, no refetch on focus, never stale, no retries.
 *
 * After every write that succeeds, a first read still on its way (a query with no data yet, e.g.
 * a search just typed) is asked again: it may have been answered before the write landed, and the
 * write's own invalidation would wait for it rather than restart it (TanStack restarts only reads
 * that already have data), so its answer would show the state from before the write.
 */
export function createQueryClient(): QueryClient {
  const firstReadInFlight = (query: Query) => query.state.data === undefined && query.state.fetchStatus === 'fetching';
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onSuccess: async () => {
        const earlier = new Set(queryClient.getQueryCache().findAll({ predicate: firstReadInFlight }));
        if (earlier.size === 0) return;
        const predicate = (query: Query) => earlier.has(query);
        await queryClient.cancelQueries({ predicate });
        void queryClient.refetchQueries({ predicate });
      },
    }),
  });
  return queryClient;
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        maxItems: 20,
        // The server answers (errors, notices, the renter's e-mails) in the page's language.
        headers: () => ({ 'Accept-Language': currentLocale() }),
        fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
      }),
    ],
  });
}
