/**
 * The benchmark's HTTP load: `connections` keep-alive HTTP/1.1 connections, each sending its next
 * request as soon as the previous answer has fully arrived (no pipelining), for `seconds` or until
 * `amount` requests have been answered.
 *
 * The client is thin on purpose: requests are prepared bytes, and an answer is read by its status
 * line and its framing (Content-Length, or chunked), its body counted, never decoded. A load
 * generator must cost its core less per request than the server under test spends answering, or it
 * measures itself: autocannon, used before, parsed HTTP in JavaScript and decoded every body into a
 * string, about 33 µs per 9 kB answer and 300 µs per 29 kB brotli page on this machine, where the
 * bare-Hono reference spends about 25 µs; so B_hono's figure was autocannon's.
 */
import { connect, type Socket } from 'node:net';

export interface HttpLoad {
  baseUrl: string;
  method: string;
  /** Used round-robin, one per request. */
  paths: string[];
  /** One per request, used once each; the run ends when they are used up. */
  bodies?: string[];
  headers: Record<string, string>;
  connections: number;
  seconds?: number;
  amount?: number;
  /** The longest an answer may take before its connection counts an error and starts again. */
  timeoutMs: number;
}

export interface HttpLoadResult {
  /** Milliseconds each answered request took, in the order they were answered. */
  latencies: number[];
  /** From the first request to the last answer. */
  seconds: number;
  /** Connection errors and timeouts. */
  errors: number;
  statuses: Record<string, number>;
  /** The start of the first body of each status of 300 or more. */
  samples: Record<string, string>;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const SAMPLE_BYTES = 300;

/** Runs the load; resolves when every connection is done. */
export function runHttpLoad(load: HttpLoad): Promise<HttpLoadResult> {
  const target = new URL(load.baseUrl);
  const host = target.host;
  const extra = Object.entries(load.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const prepared = new Map<string, Buffer>();
  const requestBytes = (i: number): Buffer | null => {
    if (load.bodies) {
      const body = load.bodies[i];
      if (body === undefined) return null;
      const path = load.paths[i % load.paths.length]!;
      return Buffer.from(`${load.method} ${path} HTTP/1.1\r\nHost: ${host}\r\n${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    }
    const path = load.paths[i % load.paths.length]!;
    let bytes = prepared.get(path);
    if (!bytes) {
      bytes = Buffer.from(`${load.method} ${path} HTTP/1.1\r\nHost: ${host}\r\n${extra}\r\n`);
      prepared.set(path, bytes);
    }
    return bytes;
  };

  const result: HttpLoadResult = { latencies: [], seconds: 0, errors: 0, statuses: {}, samples: {} };
  const started = performance.now();
  const deadline = load.seconds === undefined ? Infinity : started + load.seconds * 1000;
  let issued = 0;
  let lastAnswer = started;
  /** The next request's bytes, or null when the run is over. */
  const nextRequest = (): Buffer | null => {
    if (performance.now() >= deadline) return null;
    if (load.amount !== undefined && issued >= load.amount) return null;
    const bytes = requestBytes(issued);
    if (bytes) issued += 1;
    return bytes;
  };

  /** One connection's run: a socket at a time (a new one after `Connection: close` or an error). */
  const connection = (done: () => void) => {
    let socket: Socket | null = null;
    let state: 'idle' | 'head' | 'body' | 'chunked' = 'idle';
    let sentAt = 0;
    let head: Buffer | null = null;
    let status = 0;
    let remaining = 0;
    let chunkState: 'size' | 'data' | 'crlf' | 'trailer' = 'size';
    let sizeLine = '';
    let closeAfter = false;
    let sample: Buffer[] | null = null;

    const open = (first: Buffer) => {
      const own = connect(Number(target.port), target.hostname);
      socket = own;
      own.setNoDelay(true);
      own.setTimeout(load.timeoutMs);
      own.on('connect', () => send(first));
      own.on('data', onData);
      own.on('timeout', () => own.destroy(new Error('timeout')));
      own.on('error', () => undefined);
      own.on('close', () => {
        if (socket !== own) return; // replaced on purpose
        socket = null;
        // Closed while an answer was due: an error; the connection goes on with a new socket.
        if (state === 'idle') return;
        result.errors += 1;
        state = 'idle';
        proceed();
      });
    };
    const send = (bytes: Buffer) => {
      state = 'head';
      head = null;
      sentAt = performance.now();
      socket!.write(bytes);
    };
    /** The next request on this socket, on a new one, or the end of this connection. */
    const proceed = () => {
      const next = nextRequest();
      if (!next) {
        const last = socket;
        socket = null;
        last?.destroy();
        done();
      } else if (socket && !closeAfter) send(next);
      else {
        const last = socket;
        socket = null;
        last?.destroy();
        closeAfter = false;
        open(next);
      }
    };
    const answered = () => {
      const now = performance.now();
      result.latencies.push(now - sentAt);
      lastAnswer = now;
      state = 'idle';
      result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      if (sample) result.samples[status] ??= Buffer.concat(sample).toString('utf8').slice(0, SAMPLE_BYTES);
      proceed();
    };
    /** Reads the status line and framing; returns what follows the headers, or null while they are incomplete. */
    const readHeaders = (data: Buffer): Buffer | null => {
      head = head ? Buffer.concat([head, data]) : data;
      const end = head.indexOf(HEADER_END);
      if (end < 0) return null;
      const text = head.toString('latin1', 0, end).toLowerCase();
      status = Number(text.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/.exec(text);
      const chunked = !length && /\r\ntransfer-encoding: *chunked/.test(text);
      closeAfter = /\r\nconnection: *close/.test(text);
      remaining = length ? Number(length[1]) : 0;
      sample = status >= 300 && result.samples[status] === undefined ? [] : null;
      state = chunked ? 'chunked' : 'body';
      chunkState = 'size';
      sizeLine = '';
      const rest = head.subarray(end + HEADER_END.length);
      head = null;
      return rest;
    };
    /** Consumes chunked framing; returns what follows the last chunk, or null while more is due. */
    const readChunked = (data: Buffer): Buffer | null => {
      let at = 0;
      while (at < data.length) {
        if (chunkState === 'data') {
          const take = Math.min(remaining, data.length - at);
          if (sample) sample.push(data.subarray(at, at + take));
          at += take;
          remaining -= take;
          if (remaining === 0) chunkState = 'crlf';
          continue;
        }
        const eol = data.indexOf(0x0a, at);
        if (eol < 0) {
          sizeLine += data.toString('latin1', at);
          return null;
        }
        const line = (sizeLine + data.toString('latin1', at, eol)).trim();
        sizeLine = '';
        at = eol + 1;
        if (chunkState === 'crlf') chunkState = 'size';
        else if (chunkState === 'size') {
          remaining = parseInt(line, 16);
          chunkState = remaining === 0 ? 'trailer' : 'data';
        } else if (line === '') return data.subarray(at); // the blank line after the last chunk's trailers
      }
      return null;
    };
    function onData(chunk: Buffer) {
      let data: Buffer | null = chunk;
      while (data && data.length && state !== 'idle') {
        if (state === 'head') {
          data = readHeaders(data);
          if (!data) return;
          // An answer without a body (304, or Content-Length: 0) is complete with its headers.
          if ((state as typeof state | 'body') === 'body' && remaining === 0) answered();
        } else if (state === 'chunked') {
          data = readChunked(data);
          if (!data) return;
          answered();
        } else {
          const take = Math.min(remaining, data.length);
          if (sample) sample.push(data.subarray(0, take));
          remaining -= take;
          data = data.subarray(take);
          if (remaining === 0) answered();
        }
      }
    }

    const first = nextRequest();
    if (first) open(first);
    else done();
  };

  return new Promise((resolve) => {
    let open = load.connections;
    const done = () => {
      open -= 1;
      if (open === 0) resolve({ ...result, seconds: Math.max(lastAnswer - started, 1) / 1000 });
    };
    for (let i = 0; i < load.connections; i += 1) connection(done);
  });
}
