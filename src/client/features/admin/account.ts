import type { TOwnAccount } from '../../../shared/schemas/staff.schema';
import { trpc } from '../../trpc';

/** The signed-in account (from the session query the admin page already made), and what its role opens. */
export function useAccount(): { account: TOwnAccount | null; isOwner: boolean } {
  const session = trpc.admin.session.useQuery(undefined, { staleTime: Infinity });
  const account = session.data?.account ?? null;
  return { account, isOwner: account?.role === 'owner' };
}
