import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { messages } from '../../../shared/messages';
import { trpc } from '../../trpc';
import { isUnauthorized } from './helpers';
import { notify } from './notify';

const SESSION_PATH = JSON.stringify(['admin', 'session']);

/** Forgets everything the dashboard loaded and shows the password screen. */
export function useSignedOut(): () => void {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return useCallback(() => {
    utils.admin.session.setData(undefined, { authenticated: false });
    queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey[0]) !== SESSION_PATH });
  }, [queryClient, utils]);
}

/**
 * The server decides whether staff are signed in. While the dashboard is open, any call the
 * server refuses for a missing or expired session returns to the password screen with a notice.
 */
export function useSessionWatch(authenticated: boolean): void {
  const queryClient = useQueryClient();
  const signedOut = useSignedOut();
  const handled = useRef(false);
  useEffect(() => {
    if (!authenticated) return undefined;
    handled.current = false;
    const onError = (error: unknown) => {
      if (handled.current || !isUnauthorized(error)) return;
      handled.current = true;
      signedOut();
      notify({ title: messages.admin.sessionExpired, message: messages.errors.sessionExpired, color: 'yellow' });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [authenticated, queryClient, signedOut]);
}
