import 'reflect-metadata'; // @peculiar/x509 uses tsyringe, which wants the Reflect API first
import { createHash, KeyObject, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { CompactSign } from 'jose';

/*
 * A throwaway certificate authority made in memory by each test run (never written to disk): a root, an
 * intermediate and RSA leaf certificates, and a signer of dynamic QR payloads in the format this service
 * serves and reads (docs/adr/0208-foreign-dynamic-qr-verification.md).
 */

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const EC_SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
const RSA = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' } as const;

let serial = 1;
const nextSerial = () => (serial++).toString(16).padStart(2, '0');

export interface Authority {
  cert: x509.X509Certificate;
  keys: CryptoKeyPair;
  pem: string;
}

async function authority(name: string, notBefore: Date, notAfter: Date, issuer?: Authority): Promise<Authority> {
  const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const extensions = [
    new x509.BasicConstraintsExtension(true, 1, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
  ];
  const cert = issuer
    ? await x509.X509CertificateGenerator.create({
        serialNumber: nextSerial(),
        subject: `CN=${name}`,
        issuer: issuer.cert.subject,
        notBefore,
        notAfter,
        publicKey: keys.publicKey,
        signingKey: issuer.keys.privateKey,
        signingAlgorithm: EC_SIGNING,
        extensions,
      })
    : await x509.X509CertificateGenerator.createSelfSigned({
        serialNumber: nextSerial(),
        name: `CN=${name}`,
        notBefore,
        notAfter,
        keys,
        signingAlgorithm: EC_SIGNING,
        extensions,
      });
  return { cert, keys, pem: cert.toString('pem') };
}

export interface LeafOptions {
  dns?: string[];
  ips?: string[];
  /** The subject's common name (default: the first DNS name, else localhost). */
  cn?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** The intermediate of another root unless told (default: this PKI's intermediate). */
  issuer?: Authority;
}

/** A leaf certificate, its RSA key pair and its chain up to (not including) the root, as base64 DER. */
export interface Leaf {
  cert: x509.X509Certificate;
  privateKey: KeyObject;
  publicKey: KeyObject;
  x5c: string[];
  pem: string;
  /** The certificate's base64url SHA-256 thumbprint: the `kid` and `x5t#S256`. */
  thumbprint: string;
}

export class TestPki {
  private constructor(
    readonly root: Authority,
    readonly intermediate: Authority,
    private readonly from: Date,
    private readonly until: Date,
  ) {}

  /** A root and an intermediate valid from `from` to `until`. */
  static async create(from: Date, until: Date, name = 'Pix QR Test Root (tests only)'): Promise<TestPki> {
    const root = await authority(name, from, until);
    const intermediate = await authority(`${name} Intermediate`, from, until, root);
    return new TestPki(root, intermediate, from, until);
  }

  async leaf(opts: LeafOptions = {}): Promise<Leaf> {
    const issuer = opts.issuer ?? this.intermediate;
    const keys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
    const names: x509.JsonGeneralName[] = [
      ...(opts.dns ?? ['localhost']).map((value) => ({ type: 'dns' as const, value })),
      ...(opts.ips ?? ['127.0.0.1']).map((value) => ({ type: 'ip' as const, value })),
    ];
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: nextSerial(),
      subject: `CN=${opts.cn ?? opts.dns?.[0] ?? 'localhost'}`,
      issuer: issuer.cert.subject,
      notBefore: opts.notBefore ?? this.from,
      notAfter: opts.notAfter ?? this.until,
      publicKey: keys.publicKey,
      signingKey: issuer.keys.privateKey,
      signingAlgorithm: EC_SIGNING,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.SubjectAlternativeNameExtension(names),
      ],
    });
    const der = Buffer.from(cert.rawData);
    return {
      cert,
      privateKey: KeyObject.from(keys.privateKey),
      publicKey: KeyObject.from(keys.publicKey),
      x5c: [der.toString('base64'), Buffer.from(issuer.cert.rawData).toString('base64')],
      pem: cert.toString('pem'),
      thumbprint: createHash('sha256').update(der).digest('base64url'),
    };
  }
}

/** The key set entry of a leaf, as the serving side publishes it at `jku`. */
export function jwkOf(leaf: Leaf, over: Record<string, unknown> = {}): Record<string, unknown> {
  const { kty, n, e } = leaf.publicKey.export({ format: 'jwk' });
  return { kty, n, e, kid: leaf.thumbprint, use: 'sig', alg: 'RS256', x5c: leaf.x5c, 'x5t#S256': leaf.thumbprint, ...over };
}

/** A compact JWS of `payload` signed by `leaf`, header as the serving side writes it (`over` changes it). */
export async function signPayload(
  payload: unknown,
  leaf: Leaf,
  jku: string,
  over: Record<string, unknown> = {},
  key: KeyObject = leaf.privateKey,
): Promise<string> {
  const header = { alg: 'RS256', typ: 'JWS', kid: leaf.thumbprint, jku, 'x5t#S256': leaf.thumbprint, ...over };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader(header as { alg: string }).sign(key);
}

/** A JWS with any header and payload and no valid signature (to forge `alg: none` or HMAC headers). */
export function unsignedJws(header: Record<string, unknown>, payload: unknown, signature = ''): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(payload)}.${signature}`;
}
