import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { S3Storage } from '../../src/server/storage/s3';
import { waitForOutput } from './process';

export const BUCKET = 'rental-objects';

/** Starts s3rver with the options given as JSON and prints `listening on <port>`. */
const SERVER_SCRIPT = `
const S3rver = require(process.argv[1]);
new S3rver(JSON.parse(process.argv[2])).run().then(
  (address) => console.log('listening on ' + address.port),
  (error) => { console.error(error); process.exit(1); },
);`;

/**
 * A real S3-protocol server (s3rver) on loopback, storing in `directory`; `port` 0 picks a free one.
 * It runs in a process of its own with OpenSSL's legacy provider: s3rver encrypts its listings'
 * continuation tokens with DES, which Node's OpenSSL 3 refuses by default, so in this process any
 * listing longer than one page would fail.
 */
export class S3Server {
  private child: ChildProcess | null = null;
  port = 0;

  constructor(readonly directory: string) {}

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it (again on the same port after `stop`), creating `buckets` if they are not there yet. */
  async start(options: { buckets?: string[] } = {}): Promise<void> {
    const settings = {
      address: '127.0.0.1',
      port: this.port,
      directory: this.directory,
      silent: true,
      ...(options.buckets ? { configureBuckets: options.buckets.map((name) => ({ name })) } : {}),
    };
    const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', SERVER_SCRIPT, createRequire(import.meta.url).resolve('s3rver'), JSON.stringify(settings)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    try {
      await waitForOutput(child, output, 'listening on ', 30_000);
    } catch (error) {
      child.kill();
      throw error;
    }
    // console.log writes its line at once.
    this.port = Number(/listening on (\d+)/.exec(output.join(''))![1]);
    this.child = child;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill();
    await exited;
  }
}

export function s3Storage(endpoint: string, bucket = BUCKET): S3Storage {
  // s3rver's fixed credentials; path-style addressing because the endpoint is an IP address.
  return new S3Storage({ bucket, region: 'us-east-1', endpoint, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
}
