import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { metadataRefusal, portAllowed } from './address-policy.js';

/**
 * The outbound guard every call to a server outside the service goes through (webhook deliveries, other
 * institutions' QR payloads and key sets): HTTPS only, request-filtering-agent checking the address each
 * connection actually goes to (after DNS, every time) unless private networks are allowed, the HTTPS port
 * only unless they are, and never a cloud metadata or wire-server address (in every configuration).
 */

/** The code of the error raised for a target refused (scheme, port, metadata address) before connecting. */
export const TARGET_REFUSED = 'ERR_OUTBOUND_TARGET_REFUSED';
/** The code of the error raised when a request outlives its time budget. */
export const TRY_TIMED_OUT = 'ETIMEDOUT';
/** The code of the error raised when an answer's body is larger than allowed. */
export const BODY_TOO_LARGE = 'ERR_OUTBOUND_BODY_TOO_LARGE';

/** An error with a Node-style `code`. */
export const codedError = (code: string, message: string): Error & { code: string } => Object.assign(new Error(message), { code });

const targetRefused = () => codedError(TARGET_REFUSED, 'the outbound target is not allowed');

/** The agent that refuses private, loopback, link-local... addresses at connection time unless `allowPrivateNetworks`. */
export function guardedAgent(allowPrivateNetworks: boolean, opts: { keepAlive?: boolean } = {}): RequestFilteringHttpsAgent {
  return new RequestFilteringHttpsAgent({
    allowPrivateIPAddress: allowPrivateNetworks,
    allowMetaIPAddress: allowPrivateNetworks,
    keepAlive: opts.keepAlive ?? false,
  });
}

/** `base`, refusing every answer that holds a cloud metadata or wire-server address (in every configuration). */
export function withoutMetadataAddresses(base: LookupFunction = dnsLookup): LookupFunction {
  return ((
    hostname: string,
    options: object,
    callback: (err: Error | null, address?: string | LookupAddress[], family?: number) => void,
  ) => {
    (base as (h: string, o: object, cb: typeof callback) => void)(hostname, options, (err, address, family) => {
      if (err) return callback(err);
      const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address ?? ''];
      if (addresses.some((a) => metadataRefusal(a) !== null)) return callback(targetRefused());
      callback(null, address, family);
    });
  }) as LookupFunction;
}

/**
 * Refuses, before any connection, a URL that is not https, carries credentials, uses a port other than 443
 * (unless private networks are allowed) or names a metadata IP; null when it may be called.
 */
export function preConnectRefusal(raw: string, allowPrivateNetworks: boolean): Error | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return targetRefused();
  }
  if (url.protocol !== 'https:' || url.username || url.password) return targetRefused();
  if (!portAllowed(url, allowPrivateNetworks)) return targetRefused();
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) && metadataRefusal(host) ? targetRefused() : null;
}

export interface GuardedGetOptions {
  agent: RequestFilteringHttpsAgent;
  allowPrivateNetworks: boolean;
  /** The whole request (connect, TLS, answer and body) is cut off after this long. */
  timeoutMs: number;
  /** An answer whose body is longer is abandoned (BODY_TOO_LARGE). */
  maxBytes: number;
  headers?: Record<string, string>;
  /** The system resolver unless a test puts its own. */
  lookup?: LookupFunction;
}

export interface GuardedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * GETs `url` through the outbound guard: refusals before connecting (preConnectRefusal), the agent's check of
 * the connected address, a time budget and a body size limit. Redirects are never followed (a 3xx is an
 * answer like any other). Rejects with a coded error (TARGET_REFUSED, TRY_TIMED_OUT, BODY_TOO_LARGE or Node's).
 */
export function guardedGet(url: string, opts: GuardedGetOptions): Promise<GuardedAnswer> {
  return new Promise<GuardedAnswer>((resolve, reject) => {
    const refusal = preConnectRefusal(url, opts.allowPrivateNetworks);
    if (refusal) return reject(refusal);
    let settled = false;
    const finish = (err: Error | null, answer?: GuardedAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (err) reject(err);
      else resolve(answer!);
    };
    let outgoing: ReturnType<typeof request>;
    try {
      outgoing = request(url, {
        method: 'GET',
        agent: opts.agent,
        lookup: withoutMetadataAddresses(opts.lookup ?? dnsLookup),
        headers: opts.headers,
      });
    } catch (err) {
      return reject(err as Error);
    }
    // The error is settled first: once the answer has begun, destroying the request need not re-emit it.
    const abort = (err: Error) => {
      finish(err);
      outgoing.destroy(err);
    };
    const deadline = setTimeout(() => abort(codedError(TRY_TIMED_OUT, `no answer within ${opts.timeoutMs} ms`)), opts.timeoutMs);
    outgoing.on('response', (res) => {
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > opts.maxBytes) {
        abort(codedError(BODY_TOO_LARGE, `the answer is over ${opts.maxBytes} bytes`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxBytes) {
          abort(codedError(BODY_TOO_LARGE, `the answer is over ${opts.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => finish(null, { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (err) => finish(err));
      res.on('aborted', () => finish(codedError('ECONNRESET', 'the answer was cut short')));
    });
    outgoing.on('error', (err) => finish(err));
    outgoing.end();
  });
}
