import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { log } from '../logger';
import { holdersOf } from './network';

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
   * 280 kbit/s. A body must keep up `MIN_BODY_RATE` meanwhile, and a full server makes room
   * (`ConnectionGuard`).
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
 * The least a request body must keep up once the server waits for it, in the spirit of Apache's
 * mod_reqtimeout `MinRate`: a body may fall behind `bytesPerSecond` by at most `graceSeconds` of
 * it (a pause that long at its start, or later once it has kept up), else it is answered 408 and
 * its connection closed. The floor is a thirty-fifth of what the largest upload needs to fit in
 * `requestTimeout` (10 MB in 5 minutes, 280 kbit/s), so a slow phone passes with room for its
 * stalls, while a client trickling bodies pays for every connection it holds. Headers have no
 * floor: they must all arrive within `headersTimeout`, no longer than the grace.
 */
export const MIN_BODY_RATE = {
  bytesPerSecond: 1_000,
  graceSeconds: 20,
  /** How often the bodies being awaited are measured, as Node checks its own time limits. */
  checkEveryMs: CONNECTION_TIMEOUTS.connectionsCheckingInterval,
} as const;

// Written straight to the socket as it is closed, as Node writes its own 408: the request's handler
// may still hold the response, waiting for the body.
const REQUEST_TIMEOUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';
const SERVICE_UNAVAILABLE = 'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/** A caller at one level (`holdersOf`), and how many connections it holds. */
export interface Holder {
  readonly key: string;
  open: number;
}

/** An open connection the guard counts. */
export interface HeldConnection {
  readonly socket: Socket;
  /** Its caller, widest first: shared by all of the caller's connections, so a count is read without a lookup. */
  readonly holders: readonly Holder[];
  /** When its last request began (before any, the connection), in order of arrival. */
  began: number;
  request: IncomingMessage | undefined;
  response: ServerResponse | undefined;
  /** `socket.bytesRead` at the last check. */
  bytesSeen: number;
  /** How many bytes the body being awaited may still fall behind the floor. */
  allowance: number;
}

/** Whether a connection has no request in flight: its last one has arrived and been answered. */
function isIdle(held: HeldConnection): boolean {
  return held.request !== undefined && held.request.complete && held.response!.writableFinished;
}

/**
 * The connection to close so that a newcomer from `newcomer` (its holders, widest first; one it
 * shares with open connections is the same object) can be let in, or none. Callers are compared
 * at the widest level where they differ. An idle connection gives way to a newcomer whose caller
 * holds no more connections than its own (its own caller's included: a proxy's keep-alive pool
 * renews itself); closing it costs its client a reconnection at most. A connection with a request in flight gives way only to a newcomer whose caller holds
 * at least two fewer, so that after the exchange the newcomer's caller holds no more than the
 * other. Of those, the caller holding the most gives way first, its idle connections first, then
 * the one whose last request began longest ago.
 */
export function chooseRoom<T extends Pick<HeldConnection, 'holders' | 'began'>>(
  held: Iterable<T>,
  newcomer: readonly Holder[],
  idle: (connection: T) => boolean,
): T | undefined {
  let best: T | undefined;
  let bestExcess = 0;
  let bestIdle = false;
  for (const connection of held) {
    const holders = connection.holders;
    let level = 0;
    while (level < holders.length && holders[level] === newcomer[level]) level += 1;
    const same = level === holders.length && level === newcomer.length;
    const excess = same ? 0 : holders[level]!.open - newcomer[level]!.open;
    if (excess < 0 || (best && excess < bestExcess)) continue;
    const isIdle = idle(connection);
    if (!isIdle && (same || excess < 2)) continue;
    if (best && excess === bestExcess && (isIdle !== bestIdle ? bestIdle : connection.began >= best.began)) continue;
    best = connection;
    bestExcess = excess;
    bestIdle = isIdle;
  }
  return best;
}

export interface ConnectionLimits {
  /** Open connections in all. */
  max: number;
  /** Open connections from one caller (`networkOf`); null: no such cap (behind a proxy every connection is the proxy's). */
  perAddress: number | null;
  /** false: no timer measures the bodies; `check()` does, once a call (tests drive it). */
  timer?: boolean;
}

/**
 * Keeps slow and numerous clients from taking the server's connections, with one timer over all
 * of them and, per request, only a note of it (no timer, no listener):
 * - at most `perAddress` connections from one caller: beyond it a new one is closed at once;
 * - at most `max` in all: beyond it room is made as `chooseRoom` decides (an idle connection is
 *   closed; one with a request in flight is answered 503 and closed), else the new one is closed;
 * - a request body slower than `MIN_BODY_RATE` is answered 408 and its connection closed.
 * A caller's first refusal and first slow body are logged, with a count when it leaves; a full
 * server is logged when it fills and, with what it closed, when it has room again.
 */
export class ConnectionGuard {
  private readonly held = new Map<Socket, HeldConnection>();
  /** The callers holding connections, at every level. */
  private readonly holders = new Map<string, Holder>();
  /** What each caller (its `networkOf`) was refused or cut off while it holds connections. */
  private readonly reports = new Map<string, { refused: number; slowBodies: number }>();
  private full: { evicted: number; refused: number } | null = null;
  private sequence = 0;
  private readonly timer: NodeJS.Timeout | undefined;
  /** Totals since the start, for tests and the log. */
  readonly totals = { refused: 0, evicted: 0, slowBodies: 0 };

  constructor(
    server: Server,
    private readonly limits: ConnectionLimits,
  ) {
    server.on('connection', (socket: Socket) => this.admit(socket));
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const held = this.held.get(request.socket);
      if (!held) return;
      held.began = ++this.sequence;
      held.request = request;
      held.response = response;
      held.bytesSeen = request.socket.bytesRead;
      held.allowance = MIN_BODY_RATE.bytesPerSecond * MIN_BODY_RATE.graceSeconds;
    });
    if (limits.timer !== false) {
      this.timer = setInterval(() => this.check(), MIN_BODY_RATE.checkEveryMs);
      this.timer.unref();
      server.once('close', () => clearInterval(this.timer));
    }
  }

  /** Open connections the guard counts. */
  get open(): number {
    return this.held.size;
  }

  /**
   * One round over the open connections (`MIN_BODY_RATE.checkEveryMs` of time): each body the
   * server waits for is measured, and one that fell too far behind the floor is cut off. A body the
   * server has bytes of that it has not read yet is waiting on the server, not on its client, and is
   * not charged for the round.
   */
  check(): void {
    const { bytesPerSecond, graceSeconds, checkEveryMs } = MIN_BODY_RATE;
    const due = (bytesPerSecond * checkEveryMs) / 1000;
    const most = bytesPerSecond * graceSeconds;
    for (const held of this.held.values()) {
      const request = held.request;
      if (!request || request.complete) continue;
      const read = held.socket.bytesRead;
      const arrived = read - held.bytesSeen;
      held.bytesSeen = read;
      held.allowance = Math.min(most, held.allowance + arrived - (request.readableLength > 0 ? 0 : due));
      if (held.allowance < 0) this.cutOff(held);
    }
    if (this.full && this.held.size < this.limits.max) {
      log.info('connection.full.ended', { ...this.full });
      this.full = null;
    }
  }

  private admit(socket: Socket): void {
    const address = socket.remoteAddress;
    if (!address) {
      socket.destroy();
      return;
    }
    const holders = holdersOf(address).map((key) => this.holders.get(key) ?? { key, open: 0 });
    const network = holders[holders.length - 1]!;
    if (this.limits.perAddress && network.open >= this.limits.perAddress) {
      this.totals.refused += 1;
      this.report(network.key, 'refused', { open: network.open });
      socket.destroy();
      return;
    }
    if (this.held.size >= this.limits.max) {
      if (!this.full) {
        this.full = { evicted: 0, refused: 0 };
        log.warn('connection.full', { open: this.held.size });
      }
      const room = chooseRoom(this.held.values(), holders, isIdle);
      if (!room) {
        this.full.refused += 1;
        this.totals.refused += 1;
        socket.destroy();
        return;
      }
      this.full.evicted += 1;
      this.totals.evicted += 1;
      this.close(room, isIdle(room) || room.response?.headersSent ? null : SERVICE_UNAVAILABLE);
    }
    const held: HeldConnection = { socket, holders, began: ++this.sequence, request: undefined, response: undefined, bytesSeen: 0, allowance: 0 };
    this.held.set(socket, held);
    for (const holder of holders) if (holder.open++ === 0) this.holders.set(holder.key, holder);
    socket.once('close', () => this.forget(held));
  }

  private cutOff(held: HeldConnection): void {
    this.totals.slowBodies += 1;
    this.report(held.holders[held.holders.length - 1]!.key, 'slowBodies', { received: held.socket.bytesRead });
    this.close(held, held.response?.headersSent ? null : REQUEST_TIMEOUT);
  }

  /** Closes a connection, with a last answer if it is owed one, and stops counting it at once. */
  private close(held: HeldConnection, answer: string | null): void {
    this.forget(held);
    if (answer && held.socket.writable) held.socket.write(answer);
    held.socket.destroy();
  }

  private forget(held: HeldConnection): void {
    if (!this.held.delete(held.socket)) return;
    for (const holder of held.holders) if (--holder.open === 0) this.holders.delete(holder.key);
    const network = held.holders[held.holders.length - 1]!;
    const report = network.open === 0 ? this.reports.get(network.key) : undefined;
    if (!report) return;
    this.reports.delete(network.key);
    if (report.refused > 1 || report.slowBodies > 1) log.warn('connection.address.summary', { address: network.key, ...report });
  }

  /** Logs a caller's first refusal or slow body while it holds connections, and counts the others. */
  private report(network: string, kind: 'refused' | 'slowBodies', fields: Record<string, unknown>): void {
    let report = this.reports.get(network);
    if (!report) this.reports.set(network, (report = { refused: 0, slowBodies: 0 }));
    report[kind] += 1;
    if (report[kind] === 1) log.warn(kind === 'refused' ? 'connection.refused' : 'connection.slow_body', { address: network, ...fields });
  }
}

/** Guards `server`'s connections (`ConnectionGuard`). */
export function guardConnections(server: Server, limits: ConnectionLimits): ConnectionGuard {
  return new ConnectionGuard(server, limits);
}
