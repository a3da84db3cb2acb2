import { describe, expect, it } from 'vitest';
import { phoneDigits } from '../../src/server/db/like';

describe('phoneDigits', () => {
  it('reads a number as its digits, however it is typed, the country code as the leading 0', () => {
    expect(phoneDigits('0917 888 9900')).toBe('09178889900');
    expect(phoneDigits('(0917) 888-9900')).toBe('09178889900');
    expect(phoneDigits('+63 917 888 9900')).toBe('09178889900');
    expect(phoneDigits('63 917 888')).toBe('0917888');
    expect(phoneDigits('888 9900')).toBe('8889900');
  });

  it('is null for what is no number, or too little of one to search by', () => {
    expect(phoneDigits('Ana Reyes')).toBeNull();
    expect(phoneDigits('HI-7K3QPX')).toBeNull();
    expect(phoneDigits('091')).toBeNull();
    expect(phoneDigits('0917 abc')).toBeNull();
  });
});
