import { createHash, X509Certificate } from 'node:crypto';
import { compactVerify, decodeProtectedHeader, importJWK } from 'jose';
import { FrozenClock } from '../../../../shared/testing/kernel.fakes.js';
import type { SqlDevelopmentKeys } from '../persistence/sql-development-keys.js';
import { makeDevelopmentKey } from './development-key.js';
import { JosePayloadSigner } from './jose-payload-signer.js';

const AT = new Date('2026-03-10T15:00:00.000Z');

/** A development key store that must not be asked when the environment holds the key. */
const untouchedStore = {
  getOrCreate: () => Promise.reject(new Error('the development store was read')),
} as unknown as SqlDevelopmentKeys;

describe('JosePayloadSigner with the key of the environment (docs/adr/0206-payload-signing-key.md)', () => {
  let current: { keyPem: string; certPem: string };
  let previous: { keyPem: string; certPem: string };

  beforeAll(async () => {
    [current, previous] = await Promise.all([makeDevelopmentKey('pix.example.com', AT), makeDevelopmentKey('pix.example.com', AT)]);
  });

  const signer = () =>
    new JosePayloadSigner(
      {
        pixQrBaseUrl: 'pix.example.com/psp',
        pixQrSigning: { keyPem: current.keyPem, certPems: [current.certPem], previousCertPems: [previous.certPem] },
      },
      untouchedStore,
      new FrozenClock(AT),
    );

  it('signs RS256 with the header fixed for readers: typ JWS, kid = x5t#S256 of the leaf, jku on the same host', async () => {
    const jws = await signer().sign({ txid: 'abc', revisao: 0 });
    const leaf = new X509Certificate(current.certPem);
    const thumbprint = createHash('sha256').update(leaf.raw).digest('base64url');
    expect(decodeProtectedHeader(jws)).toEqual({
      alg: 'RS256',
      typ: 'JWS',
      kid: thumbprint,
      jku: 'https://pix.example.com/psp/qr/v2/jwks',
      'x5t#S256': thumbprint,
    });
  });

  it('publishes the current key first and the retired one after it; only the current one verifies new payloads', async () => {
    const s = signer();
    const { keys } = await s.keySet();
    expect(keys.map((k) => k.kid)).toEqual([
      createHash('sha256').update(new X509Certificate(current.certPem).raw).digest('base64url'),
      createHash('sha256').update(new X509Certificate(previous.certPem).raw).digest('base64url'),
    ]);
    expect(keys[0]).toMatchObject({
      kty: 'RSA',
      use: 'sig',
      alg: 'RS256',
      x5c: [new X509Certificate(current.certPem).raw.toString('base64')],
    });
    const jws = await s.sign({ n: 1 });
    const verified = await compactVerify(jws, await importJWK(keys[0]!, 'RS256'));
    expect(JSON.parse(new TextDecoder().decode(verified.payload))).toEqual({ n: 1 });
    await expect(compactVerify(jws, await importJWK(keys[1]!, 'RS256'))).rejects.toThrow();
  });
});
