import { describe, expect, it } from 'vitest';
import { phoneDigits } from '../../src/server/db/like';

describe('phoneDigits', () => {
  it('reads a number as its digits, however it is typed, the country code as the leading 0', () => {
    expect(phoneDigits('0917 888 9900')).toEqual(['09178889900']);
    expect(phoneDigits('(0917) 888-9900')).toEqual(['09178889900']);
    expect(phoneDigits('+63 917 888 9900')).toEqual(['09178889900']);
    expect(phoneDigits('63 917 888')).toEqual(['0917888', '63917888']);
    expect(phoneDigits('639178889900')).toEqual(['09178889900', '639178889900']);
    expect(phoneDigits('888 9900')).toEqual(['8889900']);
  });

  it('reads a leading 63 as the country code only where it can be one: the last digits of a number may start with it', () => {
    expect(phoneDigits('631-2345')).toEqual(['6312345']);
    expect(phoneDigits('6312')).toEqual(['6312']);
  });

  it('is null for what is no number, or too little of one to search by', () => {
    expect(phoneDigits('Ana Reyes')).toEqual([]);
    expect(phoneDigits('HI-7K3QPX')).toEqual([]);
    expect(phoneDigits('091')).toEqual([]);
    expect(phoneDigits('0917 abc')).toEqual([]);
  });
});
