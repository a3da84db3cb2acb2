import { describe, expect, it } from 'vitest';
import { chooseRoom, type Holder } from '../../src/server/http/connections';
import { holdersOf, networkOf } from '../../src/server/http/network';

/**
 * Whose connection a full server closes for a newcomer (`chooseRoom`), on plain records: the real
 * server over sockets is in tests/integration/server.test.ts, where only IPv4 loopback addresses
 * can be dialled from, so the IPv6 networks are proven here.
 */
interface Open {
  name: string;
  ip: string;
  began: number;
  idle: boolean;
}

let began = 0;
/** `count` connections from `ip`, begun after every earlier one, named `ip#n` (n counts on across calls). */
const opened = new Map<string, number>();
function openFrom(ip: string, count: number, idle = false): Open[] {
  return Array.from({ length: count }, () => {
    const n = opened.get(ip) ?? 0;
    opened.set(ip, n + 1);
    return { name: `${ip}#${n}`, ip, began: ++began, idle };
  });
}

/** The connection `chooseRoom` picks among `open` for a newcomer from `newcomer`, counted as the server counts them. */
function roomFor(open: Open[], newcomer: string): string | undefined {
  const holders = new Map<string, Holder>();
  const holdersFor = (ip: string) => holdersOf(ip).map((key) => holders.get(key) ?? holders.set(key, { key, open: 0 }).get(key)!);
  const connections = open.map((connection) => ({ ...connection, holders: holdersFor(connection.ip) }));
  for (const connection of connections) for (const holder of connection.holders) holder.open += 1;
  return chooseRoom(connections, holdersFor(newcomer), (connection) => connection.idle)?.name;
}

describe('the callers the connection limits count', () => {
  it('an IPv4 address alone (also as ::ffff:a.b.c.d); an IPv6 address by its /48, then its /56', () => {
    expect(holdersOf('203.0.113.7')).toEqual(['203.0.113.7']);
    expect(holdersOf('::ffff:203.0.113.7')).toEqual(['203.0.113.7']);
    expect(holdersOf('2001:db8:1:2a:ffff::1')).toEqual(['2001:db8:1::/48', '2001:db8:1:0::/56']);
    expect(holdersOf('2001:0db8:0001:ab00:0000:0000:0000:0009')).toEqual(['2001:db8:1::/48', '2001:db8:1:ab00::/56']);
    expect(networkOf('2001:db8:1:2a:ffff::1')).toBe('2001:db8:1:0::/56');
  });
});

describe('room for a newcomer when every connection is taken', () => {
  it('is taken from the caller holding the most, its connection whose request began longest ago', () => {
    const open = [...openFrom('198.51.100.1', 3), ...openFrom('198.51.100.2', 5), ...openFrom('198.51.100.3', 2)];
    expect(roomFor(open, '192.0.2.1')).toBe('198.51.100.2#0');
  });

  it('of that caller, an idle connection before one with a request in flight, the longest idle first', () => {
    const open = [...openFrom('198.51.100.12', 2), ...openFrom('198.51.100.12', 2, true), ...openFrom('198.51.100.13', 3, true)];
    expect(roomFor(open, '192.0.2.1')).toBe('198.51.100.12#2');
    const tied = [...openFrom('198.51.100.22', 2), ...openFrom('198.51.100.23', 2, true)];
    expect(roomFor(tied, '192.0.2.1')).toBe('198.51.100.23#0');
  });

  it('a request in flight, only for a caller holding two fewer (after the exchange it holds no more): never for the largest holder itself', () => {
    const open = [...openFrom('198.51.100.2', 3), ...openFrom('198.51.100.3', 1, true)];
    expect(roomFor(open, '198.51.100.2')).toBeUndefined();
    // One each: an exchange would only move the shortage to another caller.
    expect(roomFor([...openFrom('198.51.100.4', 1), ...openFrom('198.51.100.5', 1)], '192.0.2.1')).toBeUndefined();
    expect(roomFor([...openFrom('198.51.100.6', 2), ...openFrom('198.51.100.7', 1)], '198.51.100.7')).toBeUndefined();
    expect(roomFor([...openFrom('198.51.100.8', 3), ...openFrom('198.51.100.9', 1)], '198.51.100.9')).toBe('198.51.100.8#0');
  });

  it('an idle connection, for a caller holding no more than its own', () => {
    expect(roomFor([...openFrom('198.51.100.30', 1, true), ...openFrom('198.51.100.31', 1, true)], '192.0.2.1')).toBe('198.51.100.30#0');
    expect(roomFor([...openFrom('198.51.100.32', 2, true), ...openFrom('198.51.100.33', 2)], '198.51.100.33')).toBe('198.51.100.32#0');
    expect(roomFor([...openFrom('198.51.100.34', 1, true), ...openFrom('198.51.100.35', 2)], '198.51.100.35')).toBeUndefined();
  });

  it('an idle connection gives way to a newcomer of its own caller (behind a proxy, every connection is the proxy’s), one in flight never does', () => {
    expect(roomFor(openFrom('10.0.0.1', 3), '10.0.0.1')).toBeUndefined();
    const proxy = [...openFrom('10.0.0.2', 2), ...openFrom('10.0.0.2', 2, true)];
    expect(roomFor(proxy, '10.0.0.2')).toBe('10.0.0.2#2');
  });

  it('counts the /56s of one IPv6 /48 together against other callers, and separately against each other', () => {
    // One holder's /48: 64 networks (/56) with 5 connections each. Each alone holds less than the IPv4 office.
    const site = Array.from({ length: 64 }, (_, i) => openFrom(`2001:db8:7:${(i * 256).toString(16)}::1`, 5)).flat();
    const office = openFrom('203.0.113.10', 20, true);
    const open = [...office, ...site];
    // From elsewhere, the /48's 320 connections are the most held: room comes from them, not from the office.
    expect(roomFor(open, '192.0.2.1')).toBe('2001:db8:7:0::1#0');
    expect(roomFor(open, '2001:db8:ffff::1')).toBe('2001:db8:7:0::1#0');
    // A newcomer inside that /48 is compared with its neighbours, /56 by /56.
    expect(roomFor(open, '2001:db8:7:ff00::1')).toBe('2001:db8:7:0::1#0');
    // ...and a neighbour holding as many as the others gets no room from them.
    expect(roomFor(open, '2001:db8:7:100::1')).toBeUndefined();
  });
});
