import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../utils/fixtures';
import { createHarness, type Harness } from '../utils/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

function post(path: string, body: unknown, language?: string) {
  return h.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost', ...(language ? { 'accept-language': language } : {}) },
    body: JSON.stringify(body),
  });
}

describe('the API answers in the request\'s language (Accept-Language)', () => {
  it('REST: a refused enquiry in Filipino, field by field', async () => {
    const res = await post('/api/contact', {}, 'fil-PH,fil;q=0.9,en;q=0.5');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; issues: Array<{ path: string; message: string }> };
    expect(body.message).toBe('May kulang o maling sagot sa ilang field');
    expect(body.issues).toContainEqual({ path: 'firstName', message: 'Kailangan ang pangalan' });
  });

  it('REST: English without the header, and for languages the site does not speak', async () => {
    for (const language of [undefined, 'de-DE']) {
      const body = (await (await post('/api/contact', {}, language)).json()) as { message: string };
      expect(body.message).toBe('Some fields are missing or invalid');
    }
  });

  it('tRPC: the same refusal in Filipino', async () => {
    const res = await h.app.request('/trpc/contact.send', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost', 'accept-language': 'fil' },
      body: JSON.stringify({ json: { firstName: '', lastName: 'Cruz', email: 'juan@example.com', message: 'Hello' } }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Kailangan ang pangalan');
  });

  it('the garage\'s details: its opening hours in the language asked for, on both APIs', async () => {
    const hours = async (path: string, language?: string) => {
      const res = await h.app.request(path, { headers: language ? { 'accept-language': language } : {} });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { hours?: string; result?: { data: { json: { hours: string } } } };
      return body.hours ?? body.result!.data.json.hours;
    };
    expect(await hours('/api/site', 'fil')).toBe('Lunes - Linggo, 8:00 AM - 6:00 PM');
    expect(await hours('/api/site')).toBe('Monday - Sunday, 8:00 AM - 6:00 PM');
    expect(await hours('/trpc/site.info', 'fil-PH')).toBe('Lunes - Linggo, 8:00 AM - 6:00 PM');
    expect(await hours('/trpc/site.info', 'en')).toBe('Monday - Sunday, 8:00 AM - 6:00 PM');
  });

  it('says so (Vary: Accept-Language) on every answer that may differ by language, and not on the cached fleet, the same in each', async () => {
    const varies = (res: Response) => (res.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase()).includes('accept-language');
    const answers = {
      refusal: await post('/api/contact', {}, 'fil'),
      'tRPC refusal': await h.app.request('/trpc/contact.send', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost' }, body: JSON.stringify({ json: {} }) }),
      'public JSON': await h.app.request('/api/site'),
      'tRPC read': await h.app.request('/trpc/site.info'),
      'unknown path': await h.app.request('/api/no/such/path'),
      'staff list': await h.app.request('/api/admin/bookings'),
    };
    for (const [name, res] of Object.entries(answers)) expect(varies(res), name).toBe(true);
    expect(answers['public JSON'].status).toBe(200);
    const fleet = await h.app.request('/api/cars');
    expect(fleet.status).toBe(200);
    expect(varies(fleet)).toBe(false);
  });

  it('REST: every issue of a refused query, path or body is in the language asked for, none in the schema library\'s English', async () => {
    const issues = async (method: string, path: string, language: string, body?: unknown) => {
      const answer = await request(h, method, path, body, { staff: true, headers: { 'accept-language': language } });
      expect(answer.status).toBe(400);
      return answer.body.issues;
    };
    const statuses = '"pending", "confirmed", "cancelled", "completed"';
    expect(await issues('GET', '/api/admin/bookings?status=bogus&limit=0&offset=20000000', 'fil')).toEqual([
      { path: 'limit', message: 'Hindi bababa sa 1' },
      { path: 'offset', message: 'Hindi hihigit sa 10000000' },
      { path: 'status', message: `Dapat isa sa mga ito: ${statuses}` },
    ]);
    expect(await issues('GET', '/api/admin/bookings?status=bogus&limit=0', 'en')).toEqual([
      { path: 'limit', message: 'At least 1' },
      { path: 'status', message: `Expected one of: ${statuses}` },
    ]);
    expect(await issues('GET', '/api/admin/bookings/not-an-id', 'fil')).toEqual([{ path: 'id', message: 'Dapat UUID' }]);
    expect(await issues('GET', `/api/admin/customers?q=${'a'.repeat(201)}`, 'fil')).toEqual([{ path: 'q', message: 'Hanggang 200 characters lang' }]);
    expect(await issues('POST', '/api/objects/check', 'fil', { objectPath: 'vios.jpg' })).toEqual([
      { path: 'objectPath', message: 'Gamitin ang /objects/... na reference na ibinigay ng upload' },
    ]);
  });

  it('a malformed header is English, never an error', async () => {
    const res = await post('/api/contact', {}, ';;q=abc,,\u00ff');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Some fields are missing or invalid');
  });
});
