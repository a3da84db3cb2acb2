import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS, DEFAULT_DEPOSIT, depositFor, viberHref } from '../../src/shared/business';
import { DEFAULT_RATE_LIMITS, EnvError, businessInfo, parseEnv } from '../../src/server/env';

/** The EnvError message for `source`; fails the test when the settings are accepted. */
function envError(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(source)} to be refused`);
}

describe('parseEnv', () => {
  it('runs with no settings at all, on the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: '.data',
      RATE_LIMITS: DEFAULT_RATE_LIMITS,
      DOCUMENT_RETENTION_DAYS: 365,
      SESSION_IDLE_HOURS: 12,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      TRUST_PROXY: false,
    });
    for (const name of ['DATABASE_URL', 'S3_BUCKET', 'SMTP_URL', 'ADMIN_PASSWORD', 'ADMIN_API_TOKEN', 'PUBLIC_URL'] as const) {
      expect(env[name], name).toBeUndefined();
    }
  });

  it('treats empty settings (as .env files write them) like missing ones', () => {
    const env = parseEnv({ PORT: '', DATA_DIR: '', DATABASE_URL: '', S3_BUCKET: '', RATE_LIMITS: '', DOCUMENT_RETENTION_DAYS: '' });
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: '.data', RATE_LIMITS: DEFAULT_RATE_LIMITS, DOCUMENT_RETENTION_DAYS: 365 });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.S3_BUCKET).toBeUndefined();
  });

  it('reads the given settings', () => {
    const env = parseEnv({
      PORT: '8080',
      DATA_DIR: '/var/lib/rental',
      DATABASE_URL: 'postgresql://u:p@db:5432/rental',
      PUBLIC_URL: 'https://rent.example.ph/',
      S3_FORCE_PATH_STYLE: '1',
      DOCUMENT_RETENTION_DAYS: '30',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      DATA_DIR: '/var/lib/rental',
      DATABASE_URL: 'postgresql://u:p@db:5432/rental',
      PUBLIC_URL: 'https://rent.example.ph',
      S3_FORCE_PATH_STYLE: true,
      DOCUMENT_RETENTION_DAYS: 30,
    });
  });

  it.each(['abc', '70000', '-1', '80.5'])('refuses PORT=%j with a message that names PORT', (port) => {
    expect(envError({ PORT: port })).toMatch(/^\s+PORT: /m);
  });

  it('names every bad setting at once, and only those', () => {
    const message = envError({
      PORT: 'x',
      DATABASE_URL: 'mysql://localhost/db',
      ADMIN_PASSWORD: 'short',
      SMTP_URL: 'http://mail',
      DOCUMENT_RETENTION_DAYS: '0',
      HOST: '127.0.0.1',
    });
    for (const name of ['PORT', 'DATABASE_URL', 'ADMIN_PASSWORD', 'SMTP_URL', 'DOCUMENT_RETENTION_DAYS']) {
      expect(message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
    }
    expect(message).not.toContain('HOST');
  });

  it.each(['yes', 'TRUE'])('refuses the flag S3_FORCE_PATH_STYLE=%j', (value) => {
    expect(envError({ S3_FORCE_PATH_STYLE: value })).toContain('S3_FORCE_PATH_STYLE');
  });

  describe('RATE_LIMITS', () => {
    it("turns the per-address limits off with 'off'", () => {
      expect(parseEnv({ RATE_LIMITS: 'off' }).RATE_LIMITS).toBe('off');
      expect(parseEnv({ RATE_LIMITS: ' off ' }).RATE_LIMITS).toBe('off');
    });

    it("uses the defaults with 'on'", () => {
      expect(parseEnv({ RATE_LIMITS: 'on' }).RATE_LIMITS).toEqual(DEFAULT_RATE_LIMITS);
    });

    it('overrides only the named limits with name=count/window pairs', () => {
      const limits = parseEnv({ RATE_LIMITS: 'bookings=5/1m, contact=2/30s,login=100/2h' }).RATE_LIMITS;
      expect(limits).toEqual({
        ...DEFAULT_RATE_LIMITS,
        bookings: { max: 5, windowMs: 60_000 },
        contact: { max: 2, windowMs: 30_000 },
        login: { max: 100, windowMs: 7_200_000 },
      });
    });

    it.each(['bogus=1/1m', 'bookings=5', 'bookings=5/1d', 'bookings=x/1m', 'maybe', 'OFF', 'bookings=5/1m;contact=2/1m'])(
      'refuses %j with a message that names RATE_LIMITS',
      (value) => {
        expect(envError({ RATE_LIMITS: value })).toMatch(/^\s+RATE_LIMITS: /m);
      },
    );
  });

  describe('S3', () => {
    it('refuses S3_BUCKET without both keys, naming the missing settings', () => {
      for (const keys of [{}, { S3_ACCESS_KEY_ID: 'AKIA' }, { S3_SECRET_ACCESS_KEY: 'secret' }]) {
        const message = envError({ S3_BUCKET: 'rental-files', ...keys });
        expect(message).toContain('S3_ACCESS_KEY_ID');
        expect(message).toContain('S3_SECRET_ACCESS_KEY');
      }
    });

    it('accepts S3_BUCKET with both keys', () => {
      const env = parseEnv({ S3_BUCKET: 'rental-files', S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'secret', S3_ENDPOINT: 'http://127.0.0.1:9000' });
      expect(env).toMatchObject({ S3_BUCKET: 'rental-files', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    });
  });
});

describe('businessInfo', () => {
  it('opens Google Maps at the garage’s own address, not a search for the town', () => {
    const maps = new URL(businessInfo(parseEnv({})).mapsUrl);
    expect(maps.origin + maps.pathname).toBe('https://www.google.com/maps/search/');
    expect(maps.searchParams.get('api')).toBe('1');
    expect(maps.searchParams.get('query')).toBe(`${DEFAULT_BUSINESS.addressLine1}, ${DEFAULT_BUSINESS.addressLine2}`);
  });

  it('follows a changed address with the map, unless BUSINESS_MAPS_URL names the place', () => {
    const moved = businessInfo(parseEnv({ BUSINESS_ADDRESS_LINE1: '5 Quezon Avenue', BUSINESS_ADDRESS_LINE2: 'Lingayen, Pangasinan 2401' }));
    expect(new URL(moved.mapsUrl).searchParams.get('query')).toBe('5 Quezon Avenue, Lingayen, Pangasinan 2401');
    const place = 'https://maps.app.goo.gl/abcDEF123';
    expect(businessInfo(parseEnv({ BUSINESS_ADDRESS_LINE1: '5 Quezon Avenue', BUSINESS_MAPS_URL: place })).mapsUrl).toBe(place);
  });

  it('states a deposit: BUSINESS_DEPOSIT (thousands separators allowed), else the default; a car’s own wins', () => {
    expect(businessInfo(parseEnv({})).deposit).toBe(DEFAULT_DEPOSIT);
    const garage = businessInfo(parseEnv({ BUSINESS_DEPOSIT: '5,000' }));
    expect(garage.deposit).toBe('5000.00');
    expect(depositFor({ id: 'car' }, garage)).toBe('5000.00');
    expect(depositFor({ id: 'car', deposit: null }, garage)).toBe('5000.00');
    expect(depositFor({ id: 'car', deposit: '8000.00' }, garage)).toBe('8000.00');
    // "0.00" is a car without a deposit of its own.
    expect(depositFor({ id: 'car', deposit: '0.00' }, garage)).toBe('5000.00');
    expect(envError({ BUSINESS_DEPOSIT: 'a lot' })).toContain('BUSINESS_DEPOSIT');
    expect(envError({ BUSINESS_DEPOSIT: '0' })).toContain('BUSINESS_DEPOSIT');
  });

  it('names the chat channels, the e-wallets and the Facebook page only when set; refuses a link that is not https, or a wallet half set', () => {
    const none = businessInfo(parseEnv({}));
    expect([none.facebookUrl, none.messengerUrl, none.viberNumber, none.gcash, none.maya]).toEqual([null, null, null, null, null]);
    const set = businessInfo(
      parseEnv({
        BUSINESS_FACEBOOK_URL: 'https://www.facebook.com/hundredislandscarrental',
        BUSINESS_MESSENGER_URL: 'https://m.me/hundredislandscarrental',
        BUSINESS_VIBER_NUMBER: '+63 917 845 2301',
        BUSINESS_GCASH_NAME: 'Maria C.',
        BUSINESS_GCASH_NUMBER: '0917 845 2301',
        BUSINESS_MAYA_NAME: 'Hundred Islands Car Rental',
        BUSINESS_MAYA_NUMBER: '0998 532 1140',
      }),
    );
    expect(set).toMatchObject({
      facebookUrl: 'https://www.facebook.com/hundredislandscarrental',
      messengerUrl: 'https://m.me/hundredislandscarrental',
      viberNumber: '+63 917 845 2301',
      gcash: { name: 'Maria C.', number: '0917 845 2301' },
      maya: { name: 'Hundred Islands Car Rental', number: '0998 532 1140' },
    });
    expect(viberHref('+63 917 845 2301')).toBe('viber://chat?number=%2B639178452301');
    expect(envError({ BUSINESS_MESSENGER_URL: 'javascript:alert(1)' })).toContain('BUSINESS_MESSENGER_URL');
    expect(envError({ BUSINESS_MESSENGER_URL: 'http://m.me/garage' })).toContain('BUSINESS_MESSENGER_URL');
    expect(envError({ BUSINESS_VIBER_NUMBER: 'call me' })).toContain('BUSINESS_VIBER_NUMBER');
    expect(envError({ BUSINESS_GCASH_NAME: 'Maria C.' })).toContain('BUSINESS_GCASH_NAME, BUSINESS_GCASH_NUMBER: set both, or neither');
    expect(envError({ BUSINESS_MAYA_NUMBER: '0998 532 1140' })).toContain('BUSINESS_MAYA_NAME, BUSINESS_MAYA_NUMBER');
  });
});
