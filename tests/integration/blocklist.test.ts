import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedName, Customer } from '../../src/server/db/entities';
import { messages } from '../../src/shared/messages';
import { createHarness, type Harness } from '../utils/harness';
import { adminBooking, auditEntry, expectError, issueMessages, newCar, publicBooking, uniqueEmail, uniqueWord } from './helpers';

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

  it('answers the bookings already made under the name that are still to come or under way, in any spelling; not cancelled or past ones', async () => {
    const word = uniqueWord('Bantay');
    const car = await newCar(h);
    const upcoming = await adminBooking(h, { carId: car.id, from: 3, to: 5, name: `Ramon ${word}`, status: 'confirmed' });
    const respelled = await adminBooking(h, { carId: car.id, from: 8, to: 9, name: `${word.toUpperCase()}, Ramón`, status: 'pending' });
    await adminBooking(h, { carId: car.id, from: 12, to: 13, name: `Ramon ${word}`, status: 'cancelled' });
    await adminBooking(h, { carId: car.id, from: -9, to: -7, name: `Ramon ${word}`, status: 'completed' });
    await adminBooking(h, { carId: car.id, from: 15, to: 16, name: `Ramona ${word}`, status: 'confirmed' });

    const blocked = await staff().blocklist.block({ fullName: `Ramon ${word}` });
    expect(blocked.openBookings).toEqual([
      { id: upcoming.id, reference: upcoming.reference, renterName: `Ramon ${word}`, carName: car.name, pickupDate: upcoming.pickupDate, returnDate: upcoming.returnDate, status: 'confirmed' },
      { id: respelled.id, reference: respelled.reference, renterName: `${word.toUpperCase()}, Ramón`, carName: car.name, pickupDate: respelled.pickupDate, returnDate: respelled.returnDate, status: 'pending' },
    ]);
    expect((await staff().blocklist.block({ fullName: `Nobody ${word}` })).openBookings).toEqual([]);
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

describe('names are compared by their skeleton', () => {
  /** A name of the test's own, blocked; each bypass below spells it another way. */
  async function blocked(first: string): Promise<{ name: string; word: string }> {
    const word = uniqueWord('Cruz');
    const name = `${first} Dela ${word}`;
    await staff().blocklist.block({ fullName: name, reason: 'Unpaid damages' });
    return { name, word };
  }

  /** The spelling is blocked: the live check says so, and a booking under it is refused with nothing stored. */
  async function expectBlocked(spelling: string) {
    expect(await h.caller().blocklist.check({ name: spelling }), spelling).toEqual({ isBlocked: true });
    const car = await newCar(h);
    const email = uniqueEmail();
    await expectError(publicBooking(h, car.id, { customer: { fullName: spelling, email } }), 'FORBIDDEN', messages.errors.nameBlocked);
    expect(await h.orm.em.fork().count(Customer, { email })).toBe(0);
  }

  it('a zero-width space inside the name does not get past it', async () => {
    const { word } = await blocked('Juan');
    await expectBlocked(`Ju\u200ban Dela ${word}`);
  });

  it('a Cyrillic о in place of the Latin o does not get past it', async () => {
    const { word } = await blocked('Rosario');
    await expectBlocked(`R\u043esari\u043e Dela ${word}`);
  });

  it('the words in another order do not get past it', async () => {
    const { word } = await blocked('Juan');
    await expectBlocked(`${word} Dela Juan`);
  });

  it('punctuation does not get past it', async () => {
    const { word } = await blocked('Juan');
    await expectBlocked(`Dela-${word}, J.uan!`);
  });

  it('a combining mark outside the Latin accents (Devanagari, Thai) does not get past it', async () => {
    const { word } = await blocked('Juan');
    await expectBlocked(`Jua\u0951n Dela ${word}`);
    await expectBlocked(`Juan De\u0e47la ${word}`);
  });

  it('a middle dot for a space, a small capital or a barred u does not get past it', async () => {
    const { word } = await blocked('Juan');
    await expectBlocked(`Juan\u00b7Dela ${word}`);
    await expectBlocked(`\u1d0auan Dela ${word}`);
    await expectBlocked(`J\u0289an Dela ${word}`);
  });

  it('an r with fishhook (ɾ, U+027E) for the r does not get past it', async () => {
    const { word } = await blocked('Juan');
    await expectBlocked(`Juan Dela C\u027e${word.slice(2)}`);
  });

  it('an l with belt (ɬ), an a with stroke (ⱥ) or a u with retroflex hook (ᶙ) does not get past it', async () => {
    const { word } = await blocked('Juan');
    await expectBlocked(`Juan De\u026ca ${word}`);
    await expectBlocked(`Ju\u2c65n Dela ${word}`);
    await expectBlocked(`Juan Dela Cr\u1d99${word.slice(3)}`);
  });

  it('a name with a private-use or format character, a tatweel or a blank-looking letter is refused before it is compared', async () => {
    const { word } = await blocked('Juan');
    const spellings = [
      `Juan Dela ${word}\ue000`,
      `Ju\u2062an Dela ${word}`,
      `Jua\u0640n Dela ${word}`,
      // Format characters: a soft hyphen, interlinear annotation anchors and an Egyptian hieroglyph
      // format control (the last three not default-ignorable).
      `Juan De\u00adla ${word.slice(0, 3)}\u00ad${word.slice(3)}`,
      `Ju\ufff9an Dela ${word}`,
      `Juan De\ufffbla ${word}`,
      `Juan Dela ${word.slice(0, 3)}\u{13430}${word.slice(3)}`,
      // Letters that draw nothing (Hangul fillers, the blank Braille pattern) for a space.
      ...['\u3164', '\uffa0', '\u2800', '\u115f', '\u1160'].map((blank) => `Juan${blank}Dela ${word}`),
    ];
    for (const spelling of spellings) {
      // Still blocked to the live check (which takes any line of text): the skeleton removes them.
      expect(await h.caller().blocklist.check({ name: spelling }), spelling).toEqual({ isBlocked: true });
      const car = await newCar(h);
      const error = await expectError(publicBooking(h, car.id, { customer: { fullName: spelling } }), 'BAD_REQUEST');
      expect(issueMessages(error)).toContain(messages.validation.nameCharacter);
    }
  });

  it('keeps ordinary different names apart: Mario books when Maria is blocked', async () => {
    const { word } = await blocked('Maria Santos');
    expect(await h.caller().blocklist.check({ name: `Mario Santos Dela ${word}` })).toEqual({ isBlocked: false });
    const car = await newCar(h);
    const { answer } = await publicBooking(h, car.id, { customer: { fullName: `Mario Santos Dela ${word}` } });
    expect(answer.booking.status).toBe('pending');
  });

  it('treats two blocked names with one skeleton as the same entry (CONFLICT)', async () => {
    const { name, word } = await blocked('Juan');
    // Reordered with a comma; a zero-width space; a Cyrillic Ј and а; an l with belt; an annotation
    // anchor (staff may enter one: only a renter's name refuses it).
    for (const variant of [`${word}, Dela Juan`, `Ju\u200ban Dela ${word}`, `\u0408u\u0430n Dela ${word}`, `Juan De\u026ca ${word}`, `Juan Dela ${word}\ufffa`]) {
      await expectError(staff().blocklist.block({ fullName: variant }), 'CONFLICT', messages.errors.alreadyBlocked);
    }
    expect((await staff().blocklist.list({ q: word })).items.map((row) => row.fullName)).toEqual([name]);
  });

  it('refuses to block a name with nothing to compare (punctuation alone)', async () => {
    const error = await expectError(staff().blocklist.block({ fullName: '- . -' }), 'BAD_REQUEST');
    expect(issueMessages(error)).toContain(messages.validation.fullName);
  });

  it('refuses to block a name whose skeleton would not fit (ligatures that spell out to hundreds of letters)', async () => {
    // U+FDFA is one character that NFKC spells out as eighteen.
    const error = await expectError(staff().blocklist.block({ fullName: '\ufdfa'.repeat(40) }), 'BAD_REQUEST');
    expect(issueMessages(error)).toContain(messages.validation.nameTooLongToCompare);
    expect(await h.caller().blocklist.check({ name: '\ufdfa'.repeat(40) })).toEqual({ isBlocked: false });
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
