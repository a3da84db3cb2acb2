import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../src/client/trpc';

/**
 * A list read sent just before a write and answered after it (staff type a search, then change a
 * booking's status while the search is on its way) must not leave the page showing the state
 * from before the write.
 */
describe('the query client after a write', () => {
  function server() {
    let status = 'pending';
    const held: Array<() => void> = [];
    return {
      write: (next: string) => {
        status = next;
      },
      // Each read sees the data as it is when the read arrives and answers when released.
      read: () => {
        const seen = status;
        return new Promise<string>((resolve) => held.push(() => resolve(seen)));
      },
      releaseAll: () => {
        for (const answer of held.splice(0)) answer();
      },
      reads: () => held.length,
    };
  }

  async function settle(observer: QueryObserver<string, Error, string, string, string[]>, serverSide: ReturnType<typeof server>) {
    for (let round = 0; round < 20 && observer.getCurrentResult().fetchStatus !== 'idle'; round++) {
      serverSide.releaseAll();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return observer.getCurrentResult();
  }

  it('asks a first read that was on its way again, so the write shows', async () => {
    const client = createQueryClient();
    const db = server();
    const observer = new QueryObserver(client, { queryKey: ['bookings', 'search'], queryFn: db.read });
    const stop = observer.subscribe(() => undefined);
    expect(db.reads()).toBe(1);

    const write = client.getMutationCache().build(client, {
      mutationFn: async () => db.write('confirmed'),
      onSuccess: () => client.invalidateQueries({ queryKey: ['bookings'] }),
    });
    const written = write.execute(undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));

    const result = await settle(observer, db);
    await written;
    expect(result.status).toBe('success');
    expect(result.data).toBe('confirmed');
    stop();
  });

  it('does not touch reads that already have data (the write invalidates those it changed)', async () => {
    const client = createQueryClient();
    const db = server();
    const observer = new QueryObserver(client, { queryKey: ['cars'], queryFn: db.read });
    const stop = observer.subscribe(() => undefined);
    await settle(observer, db);
    await client.getMutationCache().build(client, { mutationFn: async () => db.write('confirmed') }).execute(undefined);
    expect(db.reads()).toBe(0);
    expect(observer.getCurrentResult().data).toBe('pending');
    stop();
  });
});
