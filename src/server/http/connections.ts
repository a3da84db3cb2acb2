import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { log } from '../logger';
import { networkOf } from './network';

/**
 * Time limits on every connection, so that clients that send slowly, or not at all, give their
 * connection back: Node answers 408 and closes it. https://nodejs.org/api/http.html#httpcreateserveroptions-requestlistener
 */
export const CONNECTION_TIMEOUTS = {
  /** A request's headers must all arrive within 20 s (of the connection, or of the request's first byte). */
  headersTimeout: 20_000,
  /**
   * The whole request, body included, within 5 minutes: the largest upload through the server (a
   * 10 MB car image, local storage) must fit on a slow phone's uplink, and 5 minutes is 10 MB at
   * 280 kbit/s. Slow clients cannot hold more than the connection caps below meanwhile.
   */
  requestTimeout: 300_000,
  /** A keep-alive connection with no request for 5 s is closed. */
  keepAliveTimeout: 5_000,
  /** How often Node checks the first two (its default, 30 s, would let them run half a minute over). */
  connectionsCheckingInterval: 2_000,
  /**
   * A connection on which nothing moves for a minute, either way, is closed (`server.timeout`,
   * which Node leaves off): the limits above end once a request has arrived, so a client that asked
   * for a large answer (a page, a car picture) and stopped reading it held its connection, and the
   * answer's buffers, for ever. A minute is longer than any request may wait on the database (its
   * statement and pool limits) or the sign-in throttle.
   */
  idleTimeout: 60_000,
} satisfies ServerOptions & { idleTimeout: number };

/** Closes sockets idle for `CONNECTION_TIMEOUTS.idleTimeout` (Node destroys a socket whose timeout nobody handles). */
export function closeIdleSockets(server: Server): void {
  server.setTimeout(CONNECTION_TIMEOUTS.idleTimeout);
}

/**
 * Caps the open connections: `max` in all (beyond it Node closes new ones at once), and
 * `perAddress` from one remote address, an IPv6 one counted by its network (`networkOf`) (beyond it the new connection is destroyed), so that one
 * client holding many slow connections cannot take the others' or the process's file descriptors.
 * `perAddress` null: no cap per address (behind a proxy every connection is the proxy's).
 */
export function capConnections(server: Server, { max, perAddress }: { max: number; perAddress: number | null }): void {
  server.maxConnections = max;
  if (!perAddress) return;
  const open = new Map<string, number>();
  // Addresses refused since they last had no connection: each is logged once.
  const refused = new Set<string>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress && networkOf(socket.remoteAddress);
    if (!address) return;
    const count = open.get(address) ?? 0;
    if (count >= perAddress) {
      socket.destroy();
      if (!refused.has(address)) {
        refused.add(address);
        log.warn('connection.refused', { address, open: count });
      }
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else {
        open.delete(address);
        refused.delete(address);
      }
    });
  });
}
