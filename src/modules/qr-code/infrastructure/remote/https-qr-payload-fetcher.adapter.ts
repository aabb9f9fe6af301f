import { readFileSync } from 'node:fs';
import type { LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import type { X509Certificate } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { guardedAgent, guardedGet, type GuardedAnswer } from '../../../../shared/outbound/guarded-https.js';
import { brazilDate } from '../../../../shared/time/brazil-calendar.js';
import { Clock } from '../../../../shared/time/clock.js';
import type { PixKeyType } from '../../../../shared/domain/pix-key.js';
import { counterpartyOf, KeyDirectory } from '../../../keys/application/key-directory.js';
import { QrPayloadFetcher, type DynamicQrPayload } from '../../application/qr-payload-fetcher.js';
import { readCobPayload, type ForeignCharge } from './cob-payload.js';
import { invalidPayload } from './cob-payload.schema.js';
import { certificatesOfPem, QrJwsVerifier } from './qr-jws-verifier.js';

/** A payload or key set longer than this is refused (a charge's JWS is a few kilobytes; a key set with a chain, tens). */
export const MAX_QR_FETCH_BYTES = 256 * 1024;
/** How long a fetched key set is reused for its `jku`. */
export const KEY_SET_TTL_MS = 5 * 60 * 1000;
/** Key sets kept at most (the oldest is dropped first). */
const MAX_CACHED_KEY_SETS = 256;

type Config = Pick<AppConfig, 'pixQrAllowPrivateNetworks' | 'pixQrTrustRoots' | 'pixQrFetchTimeoutMs' | 'pixQrMunicipalityCode'>;

/** PIX_QR_TRUST_ROOTS as certificates: PEM text, a PEM bundle's path, or (empty) Node's bundled root certificates. */
export function trustRootsOf(setting: string): X509Certificate[] {
  const pem =
    setting.trim() === '' ? rootCertificates.join('\n') : setting.includes('-----BEGIN') ? setting : readFileSync(setting, 'utf8');
  const roots = certificatesOfPem(pem);
  if (roots.length === 0) throw new Error('PIX_QR_TRUST_ROOTS holds no PEM certificate');
  return roots;
}

/** The payload location of a dynamic QR's URL (field 26-25 has no scheme: it is fetched over https), or null. */
export function locationOf(raw: string): URL | null {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

/**
 * Fetches another institution's dynamic QR payload (API Pix paths `/{pixUrlAccessToken}` and
 * `/cobv/{pixUrlAccessToken}`, the latter with `DPP` = today in São Paulo and `codMun` =
 * PIX_QR_MUNICIPALITY_CODE) through the kernel's outbound guard (https only, no private targets unless
 * PIX_QR_ALLOW_PRIVATE_NETWORKS, PIX_QR_FETCH_TIMEOUT_MS, MAX_QR_FETCH_BYTES), verifies it (QrJwsVerifier: its
 * key set fetched the same way and kept KEY_SET_TTL_MS per `jku`), reads it (readCobPayload) and finds the
 * receiver's account through the key directory. A location answered 410 Gone throws CHARGE_NOT_PAYABLE;
 * unreachable, refused or otherwise not answered 200: null (QR_PAYLOAD_UNAVAILABLE). docs/adr/0208-foreign-dynamic-qr-verification.md.
 */
@Injectable()
export class HttpsQrPayloadFetcher extends QrPayloadFetcher implements OnApplicationShutdown {
  private readonly logger = new Logger(HttpsQrPayloadFetcher.name);
  private readonly agent: RequestFilteringHttpsAgent;
  private readonly verifier: QrJwsVerifier;
  private readonly keySets = new Map<string, { until: number; value: unknown }>();
  /** The system resolver unless a test puts its own. */
  lookup: LookupFunction | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: Config,
    private readonly clock: Clock,
    private readonly keys: KeyDirectory,
  ) {
    super();
    this.agent = guardedAgent(config.pixQrAllowPrivateNetworks);
    this.verifier = new QrJwsVerifier(trustRootsOf(config.pixQrTrustRoots), (jku, fresh) => this.keySet(jku, fresh));
  }

  onApplicationShutdown(): void {
    this.agent.destroy();
  }

  async fetch(url: string): Promise<DynamicQrPayload | null> {
    const location = locationOf(url);
    if (!location) return null;
    const now = this.clock.now();
    const kind = /\/cobv\/[^/]+$/.test(location.pathname) ? 'cobv' : 'cob';
    if (kind === 'cobv') {
      location.searchParams.set('DPP', brazilDate(now));
      location.searchParams.set('codMun', this.config.pixQrMunicipalityCode);
    }
    const answer = await this.answer(location.href, 'application/jose');
    // API Pix, CobPayloadNaoEncontrado: 410 is a location that showed a charge and never will again (paid,
    // cancelled or expired at its institution, docs/adr/0211-a-gone-location-is-not-payable.md).
    if (answer?.status === 410) {
      throw new DomainError('CHARGE_NOT_PAYABLE', 'The charge behind this QR code will never be payable again', [
        { field: 'br_code', issue: 'its institution answered 410 Gone (paid, cancelled or expired)' },
      ]);
    }
    if (answer?.status !== 200) return null;
    const json = await this.verifier.verify(answer.body.toString('utf8').trim(), location, now);
    const charge = readCobPayload(json, kind, now);
    return {
      chargeId: null,
      txid: charge.txid,
      status: charge.status,
      amount: charge.amount,
      pixKey: charge.pixKey,
      pixKeyType: charge.pixKeyType,
      receiver: await this.receiverOf(charge),
      ...(charge.dueDate ? { dueDate: charge.dueDate } : {}),
    };
  }

  /**
   * The account behind the payload's key, from the key directory. A CobVPayload's `recebedor` (its schema makes
   * it a name and exactly one CPF or CNPJ) must be the key's holder, and then its name is shown; a CobPayload has
   * none, and the directory's holder is shown (docs/adr/0241-a-foreign-payload-is-read-against-its-schema.md).
   */
  private async receiverOf(charge: ForeignCharge) {
    const entry = await this.keys.resolve(charge.pixKey, charge.pixKeyType as PixKeyType);
    if (!entry) {
      throw new DomainError('PIX_KEY_NOT_FOUND', 'The Pix key of this charge is not registered', [
        { field: 'br_code', issue: 'key not found in the directory' },
      ]);
    }
    const receiver = counterpartyOf(entry);
    if (!charge.receiver) return receiver;
    // Punctuation aside; letters count: an alphanumeric CNPJ (docs/adr/0219-the-alphanumeric-cnpj.md) is not its digits.
    const bare = (s: string) => s.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
    if (bare(charge.receiver.document) !== bare(entry.holderDocument)) {
      throw invalidPayload("recebedor is not the holder of the charge's key");
    }
    return { ...receiver, name: charge.receiver.name };
  }

  private async keySet(jku: string, fresh: boolean): Promise<unknown> {
    const cached = this.keySets.get(jku);
    if (!fresh && cached && cached.until > Date.now()) return cached.value;
    const answer = await this.get(jku, 'application/json');
    if (!answer) return null;
    let value: unknown;
    try {
      value = JSON.parse(answer.body.toString('utf8'));
    } catch {
      return null;
    }
    this.keySets.delete(jku);
    if (this.keySets.size >= MAX_CACHED_KEY_SETS) this.keySets.delete(this.keySets.keys().next().value!);
    this.keySets.set(jku, { until: Date.now() + KEY_SET_TTL_MS, value });
    return value;
  }

  /** The answer's body when it is a 200; null when refused, unreachable, too slow, too large or another status. */
  private async get(url: string, accept: string): Promise<GuardedAnswer | null> {
    const answer = await this.answer(url, accept);
    return answer?.status === 200 ? answer : null;
  }

  /** The answer, whatever its status; null when refused, unreachable, too slow or too large. */
  private async answer(url: string, accept: string): Promise<GuardedAnswer | null> {
    try {
      const answer = await guardedGet(url, {
        agent: this.agent,
        allowPrivateNetworks: this.config.pixQrAllowPrivateNetworks,
        timeoutMs: this.config.pixQrFetchTimeoutMs,
        maxBytes: MAX_QR_FETCH_BYTES,
        headers: { accept, 'user-agent': 'instant-payments-qr/1' },
        lookup: this.lookup,
      });
      return answer;
    } catch (err) {
      // Only the code: the message names the addresses resolved and connected to.
      this.logger.debug({ code: (err as { code?: unknown } | null)?.code }, 'QR payload fetch got no answer');
      return null;
    }
  }
}
