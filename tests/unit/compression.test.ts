import { describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../src/server/http/compression';

describe('preferredEncoding', () => {
  it('takes brotli over gzip when both are accepted, whatever their order', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br;q=1.0, gzip;q=0.8')).toBe('br');
  });

  it('follows q-values, and q=0 refuses an encoding', () => {
    expect(preferredEncoding('br;q=0.2, gzip;q=0.9')).toBe('gzip');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('*;q=0.5')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
  });

  it('sends the page as it is when nothing usable is accepted', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('deflate, gzip;q=0, br;q=0')).toBeNull();
  });
});
