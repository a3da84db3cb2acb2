/**
 * The second stage of starting the app on a server-rendered page (see ./react.ts): the router, the
 * query cache, the tRPC client and superjson, evaluated in a task of their own. What the app uses
 * of them is named here, so that it is what this stage evaluates; anything the app imports beyond
 * it is evaluated with the entry.
 */
export { BrowserRouter, Link, NavLink, Outlet, useLocation, useNavigate, useParams, useRoutes, useSearchParams } from 'react-router-dom';
export { hydrate, keepPreviousData, QueryClient, QueryClientProvider, useMutation, useQueryClient } from '@tanstack/react-query';
export { createTRPCReact } from '@trpc/react-query';
export { httpBatchLink } from '@trpc/client';
export { default as superjson } from 'superjson';
