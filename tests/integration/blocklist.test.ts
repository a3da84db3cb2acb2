import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedName } from '../../src/server/db/entities';
import { messages } from '../../src/shared/messages';
import { createHarness, type Harness } from '../utils/harness';
import { auditEntry, expectError, issueMessages, uniqueWord } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const staff = () => h.caller({ staff: true });

describe('blocklist.block', () => {
  it('stores the trimmed name, null for an empty reason and "admin" as the default blocker', async () => {
    const word = uniqueWord('Penduko');
    const row = await staff().blocklist.block({ fullName: `   Pedro    ${word}  `, reason: '   ' });
    expect(row).toMatchObject({ fullName: `Pedro ${word}`, reason: null, blockedBy: 'admin' });
    expect(Date.parse(row.createdAt)).not.toBeNaN();

    const other = await staff().blocklist.block({ fullName: `Juan ${word}`, reason: '  Unpaid damages  ', blockedBy: ' Manager Liza ' });
    expect(other).toMatchObject({ reason: 'Unpaid damages', blockedBy: 'Manager Liza' });
    const noReason = await staff().blocklist.block({ fullName: `Nena ${word}`, blockedBy: '' });
    expect(noReason).toMatchObject({ reason: null, blockedBy: 'admin' });
  });

  it('refuses a blank name', async () => {
    const error = await expectError(staff().blocklist.block({ fullName: '    ' }), 'BAD_REQUEST');
    expect(issueMessages(error)).toContain(messages.validation.fullName);
  });

  it('refuses a name already on the list, compared without case, accents or extra spaces', async () => {
    const word = uniqueWord('Peñaflor');
    await staff().blocklist.block({ fullName: `María ${word}` });
    for (const variant of [`María ${word}`, ` maria  ${word.toUpperCase()} `, `MARIA ${word.normalize('NFD')}`]) {
      await expectError(staff().blocklist.block({ fullName: variant }), 'CONFLICT', messages.errors.alreadyBlocked);
    }
    expect(await h.orm.em.fork().count(BlockedName, { fullName: { $ilike: `%${word}` } })).toBe(1);
  });

  it('records an audit entry', async () => {
    const row = await staff().blocklist.block({ fullName: `Audit ${uniqueWord()}`, reason: 'Fraud' });
    const entry = await auditEntry(h, 'blocked_name', row.id, 'blocked_name.create');
    expect(entry.before).toBeNull();
    expect(entry.after).toMatchObject({ id: row.id, fullName: row.fullName, reason: 'Fraud' });
  });
});

describe('blocklist.check', () => {
  it('says isBlocked for a blocked name in any spelling of case, accents and spaces, and not for others', async () => {
    const word = uniqueWord('Ibáñez');
    await staff().blocklist.block({ fullName: `Ramón ${word}` });
    for (const name of [`Ramón ${word}`, `ramon ${word.toLowerCase()}`, `  RAMON    ${word.toUpperCase()}  `]) {
      expect(await h.caller().blocklist.check({ name })).toEqual({ isBlocked: true });
    }
    expect(await h.caller().blocklist.check({ name: `Ramona ${word}` })).toEqual({ isBlocked: false });
    expect(await h.caller().blocklist.check({ name: word })).toEqual({ isBlocked: false });
    expect(await h.caller().blocklist.check({ name: '' })).toEqual({ isBlocked: false });
  });
});

describe('blocklist.list', () => {
  it('lists blocked names with a total, pages them and searches name and reason', async () => {
    const word = uniqueWord('Listed');
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await staff().blocklist.block({ fullName: `Person ${i} ${word}`, reason: i === 1 ? `reason-${word}` : null }));

    const all = await staff().blocklist.list();
    expect(all.total).toBe(await h.orm.em.fork().count(BlockedName, {}));
    expect(all.items.map((r) => r.id)).toEqual(expect.arrayContaining(made.map((r) => r.id)));

    const one = await staff().blocklist.list({ q: word, limit: 2 });
    const two = await staff().blocklist.list({ q: word, limit: 2, offset: 2 });
    expect([one.total, two.total]).toEqual([3, 3]);
    expect([...one.items, ...two.items].map((r) => r.id).sort()).toEqual(made.map((r) => r.id).sort());

    const byReason = await staff().blocklist.list({ q: `reason-${word}` });
    expect(byReason.items.map((r) => r.id)).toEqual([made[1]!.id]);
  });
});

describe('blocklist.unblock', () => {
  it('removes the name, so it may book again, and audits it', async () => {
    const name = `Unblock ${uniqueWord()}`;
    const row = await staff().blocklist.block({ fullName: name, reason: 'Mistake' });
    expect((await h.caller().blocklist.check({ name })).isBlocked).toBe(true);
    await staff().blocklist.unblock({ id: row.id });
    expect((await h.caller().blocklist.check({ name })).isBlocked).toBe(false);
    expect((await staff().blocklist.list({ q: name })).total).toBe(0);
    const entry = await auditEntry(h, 'blocked_name', row.id, 'blocked_name.delete');
    expect(entry.after).toBeNull();
    expect(entry.before).toMatchObject({ fullName: name, reason: 'Mistake' });
    // and it can be blocked again
    await staff().blocklist.block({ fullName: name });
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    await expectError(staff().blocklist.unblock({ id: randomUUID() }), 'NOT_FOUND', messages.errors.blockedNameNotFound);
  });
});

describe('blocklist admin procedures without a session', () => {
  it('answer UNAUTHORIZED to the public and change nothing', async () => {
    const name = `Protected ${uniqueWord()}`;
    const row = await staff().blocklist.block({ fullName: name });
    await expectError(h.caller().blocklist.list(), 'UNAUTHORIZED');
    await expectError(h.caller().blocklist.block({ fullName: `Other ${uniqueWord()}` }), 'UNAUTHORIZED');
    await expectError(h.caller().blocklist.unblock({ id: row.id }), 'UNAUTHORIZED');
    expect((await h.caller().blocklist.check({ name })).isBlocked).toBe(true);
  });
});
