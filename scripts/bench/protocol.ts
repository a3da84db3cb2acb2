/** What the benchmark sends its load process (load.ts) and what comes back. */

/** One public booking for the raw-SQL reference: its documents' object keys are ready in `upload`. */
export interface SqlBooking {
  carId: string;
  pickupDate: string;
  returnDate: string;
  fullName: string;
  email: string;
  phone: string;
  license: string;
  objectKeys: string[];
  mailText: string;
}

export type LoadJob =
  | {
      kind: 'http';
      baseUrl: string;
      method?: 'GET' | 'POST';
      /** Used round-robin, one per request. */
      paths: string[];
      /** One per request, used once each; the run ends when they are used up. */
      bodies?: string[];
      headers?: Record<string, string>;
      connections: number;
      /** Either a duration or a number of requests. */
      seconds?: number;
      amount?: number;
    }
  | { kind: 'sql'; databaseUrl: string; poolMax: number; concurrency: number; bookings: SqlBooking[] };

export interface SliceResult {
  requests: number;
  seconds: number;
  rps: number;
  /** Latency percentiles, milliseconds. */
  p50: number;
  p99: number;
  /** Connection errors and timeouts (HTTP), failed transactions (SQL). */
  errors: number;
  non2xx: number;
  /** Answers by status code (HTTP) or outcome (SQL). */
  statuses: Record<string, number>;
  /** The first answer body of each failing status (HTTP). */
  samples?: Record<string, string>;
  /** The share of its core the load generator used during the slice (HTTP): near 1, it may be what limits the rate. */
  loadBusy?: number;
  /** Processor time the server's Node.js process and its PostgreSQL spent during the slice, ms (Linux). */
  cpu?: { server: number; postgres: number };
}
