import { createHash, createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CompactSign } from 'jose';
import { APP_CONFIG, type AppConfig, type QrSigningMaterial } from '../../../../config/app.config.js';
import { Clock } from '../../../../shared/time/clock.js';
import { PayloadSigner, type PublishedKey } from '../../application/payload-signer.js';
import { SqlDevelopmentKeys } from '../persistence/sql-development-keys.js';
import { hostOf, makeDevelopmentKey } from './development-key.js';

interface Keyring {
  privateKey: KeyObject;
  header: { alg: 'RS256'; typ: 'JWS'; kid: string; jku: string; 'x5t#S256': string };
  keys: PublishedKey[];
}

/** base64url SHA-256 of a certificate's DER: its `x5t#S256` (RFC 7517 §4.9), and our `kid`. */
export function thumbprint(cert: X509Certificate): string {
  return createHash('sha256').update(cert.raw).digest('base64url');
}

/** The JWK of a chain's leaf, with the chain (RFC 7517 §4.7) and its thumbprint. */
export function publishedKey(chainPems: string[]): PublishedKey {
  const chain = chainPems.map((p) => new X509Certificate(p));
  const leaf = chain[0]!;
  const jwk = leaf.publicKey.export({ format: 'jwk' });
  const kid = thumbprint(leaf);
  return {
    kty: 'RSA',
    n: jwk.n!,
    e: jwk.e!,
    kid,
    use: 'sig',
    alg: 'RS256',
    x5c: chain.map((c) => c.raw.toString('base64')),
    'x5t#S256': kid,
  };
}

/**
 * Signs payloads with `jose` (compact JWS, RS256) under this institution's key: in production the key and chain
 * of the environment (checked at start by loadConfig), otherwise the deployment's development key, made at the
 * first start and kept in `payload_signing_keys` (docs/adr/0206-payload-signing-key.md).
 */
@Injectable()
export class JosePayloadSigner extends PayloadSigner implements OnApplicationBootstrap {
  private readonly logger = new Logger(JosePayloadSigner.name);
  private keyring: Promise<Keyring> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pixQrBaseUrl' | 'pixQrSigning'>,
    private readonly developmentKeys: SqlDevelopmentKeys,
    private readonly clock: Clock,
  ) {
    super();
  }

  /** Loads (outside production: makes, the first time) the key at start, so the first payer does not wait for it. */
  onApplicationBootstrap(): void {
    this.load().catch((err: unknown) => this.logger.warn(`QR payload signing key not loaded yet: ${(err as Error).message}`));
  }

  async sign(payload: object): Promise<string> {
    const ring = await this.load();
    return new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader(ring.header).sign(ring.privateKey);
  }

  async keySet(): Promise<{ keys: PublishedKey[] }> {
    return { keys: (await this.load()).keys };
  }

  private load(): Promise<Keyring> {
    if (!this.keyring) {
      this.keyring = this.material().then((m) => this.keyringOf(m));
      // A failure (the database away at start) is tried again at the next request.
      this.keyring.catch(() => (this.keyring = null));
    }
    return this.keyring;
  }

  private async material(): Promise<QrSigningMaterial> {
    if (this.config.pixQrSigning) return this.config.pixQrSigning;
    const host = hostOf(this.config.pixQrBaseUrl);
    const now = this.clock.now();
    const kept = await this.developmentKeys.getOrCreate(host, () => makeDevelopmentKey(host, now), now);
    return { keyPem: kept.keyPem, certPems: [kept.certPem], previousCertPems: [] };
  }

  private keyringOf(m: QrSigningMaterial): Keyring {
    const current = publishedKey(m.certPems);
    const previous = m.previousCertPems.length > 0 ? [publishedKey(m.previousCertPems)] : [];
    const base = this.config.pixQrBaseUrl.replace(/\/+$/, '');
    return {
      privateKey: createPrivateKey(m.keyPem),
      header: { alg: 'RS256', typ: 'JWS', kid: current.kid, jku: `https://${base}/qr/v2/jwks`, 'x5t#S256': current.kid },
      keys: [current, ...previous.filter((k) => k.kid !== current.kid)],
    };
  }
}
