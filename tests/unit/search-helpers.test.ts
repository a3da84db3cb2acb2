import { describe, expect, it } from 'vitest';
import { uuidPrefixRange, wholeEmail } from '../../src/server/db/like';

const ID = '3f2a9c1e-7b4d-4e8a-9c2f-0a1b2c3d4e5f';

describe('uuidPrefixRange (the bookings search by the start of an id)', () => {
  it('covers exactly the ids that start with the prefix, in any case', () => {
    expect(uuidPrefixRange('3f2a')).toEqual(['3f2a0000-0000-0000-0000-000000000000', '3f2affff-ffff-ffff-ffff-ffffffffffff']);
    expect(uuidPrefixRange('Abad')).toEqual(['abad0000-0000-0000-0000-000000000000', 'abadffff-ffff-ffff-ffff-ffffffffffff']);
    expect(uuidPrefixRange('3F2A9C1E-7b')).toEqual(['3f2a9c1e-7b00-0000-0000-000000000000', '3f2a9c1e-7bff-ffff-ffff-ffffffffffff']);
    expect(uuidPrefixRange('3f2a9c1e-')).toEqual(['3f2a9c1e-0000-0000-0000-000000000000', '3f2a9c1e-ffff-ffff-ffff-ffffffffffff']);
    expect(uuidPrefixRange(ID.toUpperCase())).toEqual([ID, ID]);
    for (const length of [4, 9, 13, 20, 36]) {
      const [low, high] = uuidPrefixRange(ID.slice(0, length))!;
      expect(low <= ID && ID <= high).toBe(true);
    }
  });

  it('is null for text no id can start with', () => {
    for (const text of ['3f2', 'cafe-', '3f2a9c1e7b4d', '----', 'zz12', `${ID}0`, 'Abad Santos']) expect(uuidPrefixRange(text), text).toBeNull();
  });
});

describe('wholeEmail (the search box holding a whole e-mail address)', () => {
  it('gives the address lower-cased and trimmed, as customers are stored', () => {
    expect(wholeEmail('Maria.Santos@Example.com')).toBe('maria.santos@example.com');
    expect(wholeEmail('  renter-1@example.com ')).toBe('renter-1@example.com');
  });

  it('is null for anything short of an address, which the search matches anywhere instead', () => {
    for (const text of ['maria', 'maria@', '@example.com', 'maria@example', 'santos example.com', 'a@b@example.com', '0917 123 4567']) expect(wholeEmail(text), text).toBeNull();
  });
});
