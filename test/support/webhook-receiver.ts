import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { jest } from '@jest/globals';
import { Webhook } from 'standardwebhooks';

/** One notification as the receiver got it. */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** How the receiver answers a path: a status, after a delay (ms), or once `until` settles (a receiver that hangs). */
export interface Answer {
  status: number;
  delayMs?: number;
  until?: Promise<unknown>;
}

/**
 * A real HTTPS server (certificate for localhost signed by the test CA that the e2e command trusts
 * through NODE_EXTRA_CA_CERTS) that records every request and answers per path: 200 unless told
 * otherwise, or by a function of the request number on that path (to fail the first tries).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly answers = new Map<string, (n: number) => Answer>();
  private server: Server | undefined;
  port = 0;

  async start(): Promise<this> {
    const dir = resolve(process.cwd(), 'test/fixtures/tls');
    this.server = createServer({ key: readFileSync(`${dir}/receiver.key`), cert: readFileSync(`${dir}/receiver.pem`) }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
        this.received.push({ path, headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        const n = this.received.filter((r) => r.path === path).length;
        const answer = this.answers.get(path)?.(n) ?? { status: 200 };
        const send = () => {
          if (!res.destroyed) res.writeHead(answer.status, { 'content-type': 'text/plain' }).end('ok');
        };
        if (answer.until) void answer.until.then(send, send);
        else if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
        else send();
      });
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** `https://localhost:<port><path>`. */
  url(path: string): string {
    return `https://localhost:${this.port}${path}`;
  }

  /** Answers `path` by the request's number on it (1 for the first). */
  answer(path: string, by: (n: number) => Answer): void {
    this.answers.set(path, by);
  }

  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
  }
}

/** Every timer Jest can fake but Date: only `Date` moves, so nothing else in the process notices. */
const ALL_BUT_DATE = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/**
 * The Standard Webhooks verifier refuses a `webhook-timestamp` more than 5 minutes from its `Date.now()`.
 * The app signs with its injected clock, so the verification runs with `Date` set to that clock (for this
 * one synchronous call), never against the machine's wall clock.
 */
export function verifyAsOf<T = unknown>(secret: string, r: Pick<Received, 'body' | 'headers'>, now: Date): T {
  jest.useFakeTimers({ now, doNotFake: [...ALL_BUT_DATE] });
  try {
    return new Webhook(secret).verify(r.body, r.headers) as T;
  } finally {
    jest.useRealTimers();
  }
}
