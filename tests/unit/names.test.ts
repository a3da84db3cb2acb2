import { describe, expect, it } from 'vitest';
import { normalizeName, tidyName } from '../../src/shared/names';

describe('normalizeName (blocklist matching)', () => {
  it.each([
    ['José  DELA   Cruz', 'jose dela cruz'],
    ['  Juan Dela Cruz  ', 'juan dela cruz'],
    ['JUAN DELA CRUZ', 'juan dela cruz'],
    ['Juan\tDela\nCruz', 'juan dela cruz'],
    ['Peña Niño', 'pena nino'],
    ['Zoë Ünal-Çelik', 'zoe unal-celik'],
    ['Juan\u00a0Dela Cruz', 'juan dela cruz'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });

  it('gives the same key to spellings that differ only in spaces, case and accents', () => {
    const keys = ['José  DELA   Cruz', ' jose dela cruz', 'JOSÉ Dela CRUZ '].map(normalizeName);
    expect(new Set(keys).size).toBe(1);
  });

  it('treats a decomposed accent (e + combining acute) like a precomposed one', () => {
    expect(normalizeName('Jose\u0301')).toBe(normalizeName('José'));
  });

  it('keeps different names different', () => {
    expect(normalizeName('Juan Dela Cruz')).not.toBe(normalizeName('Juana Dela Cruz'));
    expect(normalizeName('Juan DelaCruz')).not.toBe(normalizeName('Juan Dela Cruz'));
  });
});

describe('tidyName (display and storage)', () => {
  it('trims and collapses spaces but keeps case and accents', () => {
    expect(tidyName('  José  DELA   Cruz ')).toBe('José DELA Cruz');
  });
});
