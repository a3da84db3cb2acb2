import { isIPv4, isIPv6 } from 'node:net';

/** The prefix of an IPv6 address that one caller is assumed to hold: a site gets a /56 or a /64, often a /48. */
export const IPV6_NETWORK_BITS = 56;

/** The widest prefix one site is usually given (RIPE-690): the /56s inside one /48 may all be one holder's. */
export const IPV6_SITE_BITS = 48;

/**
 * What the per-address limits count as one caller: an IPv4 address as it is, an IPv4 address a
 * dual-stack server reports as `::ffff:a.b.c.d` as that IPv4 address, and an IPv6 address by its
 * /56 network, since one subscriber holds billions of addresses there and could take a fresh one
 * for every request. (A mask applied to `::ffff:` addresses would put every IPv4 caller in one
 * count: express-rate-limit's CVE-2026-30827.)
 */
export function networkOf(ip: string, bits: number = IPV6_NETWORK_BITS): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);
  const before = groups(head);
  const after = groups(tail);
  const all = [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after].map((group) => parseInt(group, 16));
  const kept = Math.floor(bits / 16);
  const partial = bits % 16;
  const prefix = all.slice(0, kept);
  if (partial) prefix.push(all[kept]! & (0xffff << (16 - partial)) & 0xffff);
  return `${prefix.map((group) => group.toString(16)).join(':')}::/${bits}`;
}

/**
 * The caller as the connection limits see it, widest first: an IPv4 address alone; an IPv6
 * caller's /48, then its /56 (`networkOf`). When the server is full, room is taken from whoever
 * holds the most at the widest level where two callers differ, so that the /56s of one /48 count
 * together against everyone else, and separately against each other.
 */
export function holdersOf(ip: string): string[] {
  const network = networkOf(ip);
  return isIPv6(ip) && !isIPv4(network) ? [networkOf(ip, IPV6_SITE_BITS), network] : [network];
}
