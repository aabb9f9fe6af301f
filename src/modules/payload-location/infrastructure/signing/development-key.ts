import 'reflect-metadata';
import { randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/** How long a development certificate is valid: long enough never to lapse under a developer. */
const DEVELOPMENT_CERTIFICATE_YEARS = 10;

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

function pemOf(label: string, der: ArrayBuffer): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** The host of PIX_QR_BASE_URL (`host[:port][/path]`): what the development certificate names. */
export function hostOf(baseUrl: string): string {
  return (baseUrl.split('/')[0] ?? '').replace(/:\d+$/, '').toLowerCase();
}

/**
 * A development signing key (docs/adr/0206-payload-signing-key.md): a new RSA 2048 key and a self-signed
 * certificate for `host` (subject CN and DNS name), made with @peculiar/x509 over Node's Web Crypto. Never
 * used in production, whose key and chain come from the environment.
 */
export async function makeDevelopmentKey(host: string, now: Date): Promise<{ keyPem: string; certPem: string }> {
  const algorithm = {
    name: 'RSASSA-PKCS1-v1_5',
    hash: 'SHA-256',
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength: 2048,
  };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as unknown as CryptoKeyPair;
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + DEVELOPMENT_CERTIFICATE_YEARS);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    // A positive serial: the first byte's high bit clear.
    serialNumber: `01${randomBytes(15).toString('hex')}`,
    name: `CN=${host}`,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter,
    signingAlgorithm: algorithm,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: host }]),
    ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey as unknown as webcrypto.CryptoKey);
  return { keyPem: pemOf('PRIVATE KEY', pkcs8), certPem: certificate.toString('pem') + '\n' };
}
