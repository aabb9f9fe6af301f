import { createHash, createPublicKey, X509Certificate, type JsonWebKeyInput, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import { compactVerify, decodeProtectedHeader, type ProtectedHeaderParameters } from 'jose';
import { DomainError } from '../../../../shared/errors/domain-error.js';

/** The signature algorithms of the Manual de Segurança do Pix (section 4): RSA only; never `none`, never HMAC. */
export const QR_JWS_ALGORITHMS = ['RS256', 'PS256'] as const;

/** Fetches a key set (parsed JSON) from a `jku`, a cached one unless `fresh`; null when it cannot be fetched. */
export type KeySetSource = (jku: string, fresh: boolean) => Promise<unknown>;

const signatureInvalid = (issue: string) =>
  new DomainError('QR_SIGNATURE_INVALID', 'The payload of this dynamic QR code is not validly signed by its institution', [
    { field: 'br_code', issue },
  ]);

const untrusted = (issue: string) =>
  new DomainError('QR_CERTIFICATE_UNTRUSTED', 'The certificate behind this dynamic QR code is not trusted', [{ field: 'br_code', issue }]);

const unavailable = (issue: string) =>
  new DomainError('QR_PAYLOAD_UNAVAILABLE', 'The payload of this dynamic QR code could not be fetched', [{ field: 'br_code', issue }]);

/** The base64url SHA-256 thumbprint of a certificate's DER (the `kid` and `x5t#S256` of the service's own format). */
export function certificateThumbprint(cert: X509Certificate): string {
  return createHash('sha256').update(cert.raw).digest('base64url');
}

/** Every certificate of a PEM bundle (text), in order. */
export function certificatesOfPem(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new X509Certificate(block));
}

function spki(key: KeyObject): Buffer {
  return key.export({ type: 'spki', format: 'der' });
}

function validAt(cert: X509Certificate, now: Date): boolean {
  return new Date(cert.validFrom).getTime() <= now.getTime() && now.getTime() <= new Date(cert.validTo).getTime();
}

/** Whether `issuer` issued `cert`: names match and its key verifies the certificate's signature. */
function keyIn(keys: unknown[], kid: string): Record<string, unknown> | undefined {
  return keys.find((k): k is Record<string, unknown> => typeof k === 'object' && k !== null && (k as { kid?: unknown }).kid === kid);
}

function issuedBy(cert: X509Certificate, issuer: X509Certificate): boolean {
  return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
}

/**
 * Verifies another institution's dynamic QR payload, a compact JWS, in the order of the Manual de Segurança
 * do Pix (section 4; docs/adr/0208-foreign-dynamic-qr-verification.md), trusting nothing in it before its
 * check: the header (decoded, not trusted) names an allowed `alg`, a `kid` and a `jku` on https at the exact
 * host (and port) of the payload's location; the key set at `jku` holds the `kid`, whose `x5c` chain runs from
 * a leaf certificate, each issued by the next, up to a trusted root; the leaf is valid at `now`, covers the
 * location's host, is the key's own (same public key; `x5t#S256` equal when given); then the signature. The
 * payload's JSON is returned for the schema checks. Failures: QR_SIGNATURE_INVALID, QR_CERTIFICATE_UNTRUSTED,
 * QR_PAYLOAD_UNAVAILABLE (key set unreachable), QR_PAYLOAD_INVALID (a payload that is not a JSON object).
 */
export class QrJwsVerifier {
  constructor(
    private readonly trustRoots: readonly X509Certificate[],
    private readonly keySets: KeySetSource,
  ) {}

  async verify(jws: string, location: URL, now: Date): Promise<Record<string, unknown>> {
    const header = this.header(jws);
    const jku = this.jku(header, location);
    const kid = header.kid as string;
    const jwk = await this.keyFor(jku.href, kid);
    const chain = this.chainOf(jwk);
    const leaf = chain[0]!;
    this.checkChain(chain, now);
    this.checkLeaf(leaf, location, now, header);
    const key = this.publicKeyOf(jwk);
    if (!spki(key).equals(spki(leaf.publicKey))) throw untrusted("the key set's key is not the certificate's key");
    let payload: Uint8Array;
    try {
      ({ payload } = await compactVerify(jws, leaf.publicKey, { algorithms: [...QR_JWS_ALGORITHMS] }));
    } catch {
      throw signatureInvalid('the signature does not verify');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload));
    } catch {
      parsed = null;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new DomainError('QR_PAYLOAD_INVALID', 'The payload of this dynamic QR code is not a charge', [
        { field: 'br_code', issue: 'the payload is not a JSON object' },
      ]);
    }
    return parsed as Record<string, unknown>;
  }

  private header(jws: string): ProtectedHeaderParameters {
    if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(jws)) throw signatureInvalid('the payload is not a compact JWS');
    let header: ProtectedHeaderParameters;
    try {
      header = decodeProtectedHeader(jws);
    } catch {
      throw signatureInvalid('the JWS header cannot be read');
    }
    if (!(QR_JWS_ALGORITHMS as readonly unknown[]).includes(header.alg)) {
      throw signatureInvalid(`alg must be ${QR_JWS_ALGORITHMS.join(' or ')}`);
    }
    if (header.crit !== undefined) throw signatureInvalid('crit is not supported');
    if (typeof header.kid !== 'string' || header.kid.length === 0) throw signatureInvalid('the JWS header has no kid');
    return header;
  }

  private jku(header: ProtectedHeaderParameters, location: URL): URL {
    if (typeof header.jku !== 'string') throw signatureInvalid('the JWS header has no jku');
    let jku: URL;
    try {
      jku = new URL(header.jku);
    } catch {
      throw signatureInvalid('jku is not a URL');
    }
    if (jku.protocol !== 'https:') throw signatureInvalid('jku must use https');
    if (jku.username || jku.password) throw signatureInvalid('jku must not carry credentials');
    if (jku.host !== location.host) throw signatureInvalid("jku must be on the payload location's host");
    return jku;
  }

  /** The key `kid` of the set at `jku`; a cached set without it is fetched again once (the institution may have rotated its key). */
  private async keyFor(jku: string, kid: string): Promise<Record<string, unknown>> {
    let jwk = keyIn(await this.keySet(jku, false), kid);
    if (!jwk) jwk = keyIn(await this.keySet(jku, true), kid);
    if (!jwk) throw signatureInvalid("the key set at jku has no key with the header's kid");
    if (jwk.use !== undefined && jwk.use !== 'sig') throw signatureInvalid('the key is not a signing key');
    return jwk;
  }

  private async keySet(jku: string, fresh: boolean): Promise<unknown[]> {
    const set = await this.keySets(jku, fresh);
    if (set === null || set === undefined) throw unavailable('the key set at jku could not be fetched');
    const keys = (set as { keys?: unknown }).keys;
    if (!Array.isArray(keys)) throw signatureInvalid('the key set at jku has no keys');
    return keys;
  }

  private chainOf(jwk: Record<string, unknown>): X509Certificate[] {
    const x5c = jwk.x5c;
    if (!Array.isArray(x5c) || x5c.length === 0 || x5c.length > 10) throw untrusted('the key carries no certificate chain (x5c)');
    try {
      return x5c.map((der) => {
        if (typeof der !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(der)) throw new Error('not base64');
        return new X509Certificate(Buffer.from(der, 'base64'));
      });
    } catch {
      throw untrusted('a certificate of the chain (x5c) cannot be read');
    }
  }

  /** Each certificate issued by the next (a CA valid now), the last by a trusted root (or itself one). */
  private checkChain(chain: X509Certificate[], now: Date): void {
    for (let i = 0; i + 1 < chain.length; i += 1) {
      const issuer = chain[i + 1]!;
      if (!issuer.ca || !validAt(issuer, now) || !issuedBy(chain[i]!, issuer)) {
        throw untrusted('the certificate chain (x5c) is broken');
      }
    }
    const top = chain[chain.length - 1]!;
    const anchored = this.trustRoots.some(
      (root) => root.fingerprint256 === top.fingerprint256 || (root.ca && validAt(root, now) && issuedBy(top, root)),
    );
    if (!anchored) throw untrusted('the certificate chain does not lead to a trusted root');
  }

  private checkLeaf(leaf: X509Certificate, location: URL, now: Date, header: ProtectedHeaderParameters): void {
    if (!validAt(leaf, now)) throw untrusted('the certificate is not valid now');
    if (leaf.ca) throw untrusted('the signing certificate is a CA certificate');
    const host = location.hostname.replace(/^\[(.*)\]$/, '$1');
    // Only the subject alternative names count (RFC 6125 §6.4.4): a common name never stands in for them, even
    // for a leaf whose names are IP addresses only.
    const covers = isIP(host) ? leaf.checkIP(host) !== undefined : leaf.checkHost(host, { subject: 'never' }) !== undefined;
    if (!covers) throw untrusted("the certificate does not cover the payload location's host");
    const x5t = header['x5t#S256'];
    if (x5t !== undefined && x5t !== certificateThumbprint(leaf)) throw untrusted("x5t#S256 is not the certificate's thumbprint");
  }

  private publicKeyOf(jwk: Record<string, unknown>): KeyObject {
    try {
      return createPublicKey({ key: jwk, format: 'jwk' } as JsonWebKeyInput);
    } catch {
      throw signatureInvalid('the key set holds a key that cannot be read');
    }
  }
}
