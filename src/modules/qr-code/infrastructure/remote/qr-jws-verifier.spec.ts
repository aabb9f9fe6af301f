import { createHmac, X509Certificate } from 'node:crypto';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { readCobPayload } from './cob-payload.js';
import { jwkOf, signPayload, TestPki, unsignedJws, type Leaf } from './qr-pki.fakes.js';
import { QrJwsVerifier } from './qr-jws-verifier.js';

const NOW = new Date('2026-03-10T15:00:00.000Z');
const FROM = new Date('2026-01-01T00:00:00.000Z');
const UNTIL = new Date('2027-01-01T00:00:00.000Z');
const LOCATION = new URL('https://localhost:8443/qr/v2/9d36b84fc70b478fb95c12729b90ca25');
const JKU = 'https://localhost:8443/pix/jwks';
const TXID = 'fc9a4366ff3d4964b5dbc6c91a8722d3';

/** A CobPayload of the API Pix (schema `CobPayload`), as the receiving institution signs it. */
const cobPayload = (over: Record<string, unknown> = {}) => ({
  txid: TXID,
  revisao: 0,
  calendario: { criacao: '2026-03-10T14:30:00.000Z', apresentacao: '2026-03-10T14:59:00.000Z', expiracao: 3600 },
  valor: { original: '150.00' },
  chave: 'loja@example.com',
  status: 'ATIVA',
  solicitacaoPagador: 'Pedido 123',
  ...over,
});

/** The refusal `promise` rejects with, as code and issue. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; issue: string | undefined }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof DomainError) return { code: err.code, issue: err.details[0]?.issue };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('QrJwsVerifier', () => {
  let pki: TestPki;
  let leaf: Leaf;
  let keySets: Map<string, unknown>;
  let fetched: string[];
  let verifier: QrJwsVerifier;

  const verify = (jws: string, location = LOCATION) => verifier.verify(jws, location, NOW);
  const publish = (...keys: Record<string, unknown>[]) => keySets.set(JKU, { keys });

  beforeAll(async () => {
    pki = await TestPki.create(FROM, UNTIL);
    leaf = await pki.leaf();
  });

  beforeEach(() => {
    keySets = new Map();
    fetched = [];
    const roots = [new X509Certificate(pki.root.pem)];
    verifier = new QrJwsVerifier(roots, async (jku, fresh) => {
      fetched.push(fresh ? `${jku} (fresh)` : jku);
      return keySets.get(jku) ?? null;
    });
    publish(jwkOf(leaf));
  });

  it('accepts a payload signed RS256 by a leaf for the location host, chained to a trusted root, and returns its JSON', async () => {
    const jws = await signPayload(cobPayload(), leaf, JKU);
    await expect(verify(jws)).resolves.toEqual(cobPayload());
    expect(fetched).toEqual([JKU]);
  });

  it('accepts PS256 too, and a leaf covering the location by IP address', async () => {
    const jws = await signPayload(cobPayload(), leaf, 'https://127.0.0.1:8443/jwks', { alg: 'PS256' });
    keySets.set('https://127.0.0.1:8443/jwks', { keys: [jwkOf(leaf)] });
    await expect(verify(jws, new URL('https://127.0.0.1:8443/qr/v2/abc'))).resolves.toMatchObject({ txid: TXID });
  });

  it('refuses a tampered payload (another amount under the original signature)', async () => {
    const [header, , signature] = (await signPayload(cobPayload(), leaf, JKU)).split('.');
    const tampered = Buffer.from(JSON.stringify(cobPayload({ valor: { original: '1.50' } }))).toString('base64url');
    expect(await refusal(verify(`${header}.${tampered}.${signature}`))).toEqual({
      code: 'QR_SIGNATURE_INVALID',
      issue: 'the signature does not verify',
    });
  });

  it('refuses a signature made by another key than the certificate\u2019s', async () => {
    const other = await pki.leaf();
    const jws = await signPayload(cobPayload(), leaf, JKU, {}, other.privateKey);
    expect(await refusal(verify(jws))).toEqual({ code: 'QR_SIGNATURE_INVALID', issue: 'the signature does not verify' });
  });

  it('refuses alg none and HMAC (even keyed with the public key), before fetching any key set', async () => {
    const header = { typ: 'JWS', kid: leaf.thumbprint, jku: JKU };
    const none = unsignedJws({ ...header, alg: 'none' }, cobPayload(), 'AA');
    const hs = unsignedJws({ ...header, alg: 'HS256' }, cobPayload());
    const signingInput = hs.slice(0, -1);
    const hmac = createHmac('sha256', leaf.publicKey.export({ type: 'spki', format: 'pem' }))
      .update(signingInput)
      .digest('base64url');
    for (const jws of [none, `${signingInput}.${hmac}`]) {
      expect(await refusal(verify(jws))).toEqual({ code: 'QR_SIGNATURE_INVALID', issue: 'alg must be RS256 or PS256' });
    }
    expect(fetched).toEqual([]);
  });

  it('refuses something that is not a compact JWS', async () => {
    expect(await refusal(verify('{"txid":"x"}'))).toEqual({ code: 'QR_SIGNATURE_INVALID', issue: 'the payload is not a compact JWS' });
  });

  it('refuses a jku on another host, another port or plain http, without fetching it', async () => {
    for (const jku of ['https://evil.example/jwks', 'https://localhost:9443/pix/jwks', 'http://localhost:8443/pix/jwks']) {
      const jws = await signPayload(cobPayload(), leaf, jku);
      expect((await refusal(verify(jws))).code).toBe('QR_SIGNATURE_INVALID');
    }
    expect(fetched).toEqual([]);
  });

  it('refuses a kid that is not in the key set, even fetched again (the institution may have rotated its key)', async () => {
    const jws = await signPayload(cobPayload(), leaf, JKU, { kid: 'another-kid' });
    expect(await refusal(verify(jws))).toEqual({
      code: 'QR_SIGNATURE_INVALID',
      issue: "the key set at jku has no key with the header's kid",
    });
    expect(fetched).toEqual([JKU, `${JKU} (fresh)`]);
  });

  it('fetches the key set only once when the kid is in it', async () => {
    await verify(await signPayload(cobPayload(), leaf, JKU));
    expect(fetched).toEqual([JKU]);
  });

  it('answers unavailable when the key set cannot be fetched', async () => {
    keySets.clear();
    const jws = await signPayload(cobPayload(), leaf, JKU);
    expect((await refusal(verify(jws))).code).toBe('QR_PAYLOAD_UNAVAILABLE');
  });

  it('refuses a leaf that does not cover the location host', async () => {
    const other = await pki.leaf({ dns: ['pix.other-bank.example'], ips: [] });
    publish(jwkOf(other));
    const jws = await signPayload(cobPayload(), other, JKU);
    expect(await refusal(verify(jws))).toEqual({
      code: 'QR_CERTIFICATE_UNTRUSTED',
      issue: "the certificate does not cover the payload location's host",
    });
  });

  it('refuses a leaf whose common name is the host but whose alternative names are not (RFC 6125)', async () => {
    const byName = await pki.leaf({ dns: [], ips: ['10.0.0.7'], cn: 'localhost' });
    publish(jwkOf(byName));
    const jws = await signPayload(cobPayload(), byName, JKU);
    expect(await refusal(verify(jws))).toEqual({
      code: 'QR_CERTIFICATE_UNTRUSTED',
      issue: "the certificate does not cover the payload location's host",
    });
  });

  it('refuses an expired leaf, and one not yet valid', async () => {
    const expired = await pki.leaf({ notBefore: FROM, notAfter: new Date('2026-03-01T00:00:00.000Z') });
    const early = await pki.leaf({ notBefore: new Date('2026-04-01T00:00:00.000Z'), notAfter: UNTIL });
    for (const l of [expired, early]) {
      publish(jwkOf(l));
      const jws = await signPayload(cobPayload(), l, JKU);
      expect(await refusal(verify(jws))).toEqual({ code: 'QR_CERTIFICATE_UNTRUSTED', issue: 'the certificate is not valid now' });
    }
  });

  it('refuses a chain that leads to an untrusted root', async () => {
    const stranger = await TestPki.create(FROM, UNTIL, 'Untrusted Root');
    const foreign = await stranger.leaf();
    publish(jwkOf(foreign));
    const jws = await signPayload(cobPayload(), foreign, JKU);
    expect(await refusal(verify(jws))).toEqual({
      code: 'QR_CERTIFICATE_UNTRUSTED',
      issue: 'the certificate chain does not lead to a trusted root',
    });
  });

  it('refuses a chain whose leaf was not issued by the next certificate', async () => {
    const stranger = await TestPki.create(FROM, UNTIL, 'Untrusted Root');
    publish(jwkOf(leaf, { x5c: [leaf.x5c[0], Buffer.from(stranger.intermediate.cert.rawData).toString('base64')] }));
    const jws = await signPayload(cobPayload(), leaf, JKU);
    expect(await refusal(verify(jws))).toEqual({ code: 'QR_CERTIFICATE_UNTRUSTED', issue: 'the certificate chain (x5c) is broken' });
  });

  it("refuses a key that is not the certificate's (a key of another host with this host's chain)", async () => {
    const other = await pki.leaf();
    const { n, e } = other.publicKey.export({ format: 'jwk' });
    publish(jwkOf(leaf, { n, e }));
    const jws = await signPayload(cobPayload(), other, JKU, { kid: leaf.thumbprint, 'x5t#S256': leaf.thumbprint });
    expect(await refusal(verify(jws))).toEqual({
      code: 'QR_CERTIFICATE_UNTRUSTED',
      issue: "the key set's key is not the certificate's key",
    });
  });

  it('refuses an x5t#S256 that is not the leaf thumbprint', async () => {
    const jws = await signPayload(cobPayload(), leaf, JKU, { 'x5t#S256': 'AAAA' });
    expect((await refusal(verify(jws))).code).toBe('QR_CERTIFICATE_UNTRUSTED');
  });

  it('refuses a signed payload that is not a JSON object', async () => {
    const jws = await signPayload(['not', 'a', 'charge'], leaf, JKU);
    expect((await refusal(verify(jws))).code).toBe('QR_PAYLOAD_INVALID');
  });
});

describe('readCobPayload', () => {
  it('reads an active CobPayload into the decode payload', () => {
    const charge = readCobPayload(cobPayload({ revisao: '2' }), 'cob', NOW);
    expect({ ...charge, amount: charge.amount.toFixed2() }).toEqual({
      txid: TXID,
      revision: 2,
      status: 'active',
      amount: '150.00',
      pixKey: 'loja@example.com',
      pixKeyType: 'EMAIL',
    });
  });

  it('an ATIVA charge past criacao + expiracao is expired; CONCLUIDA paid; REMOVIDA_* cancelled', () => {
    const calendario = { criacao: '2026-03-10T13:00:00.000Z', apresentacao: '2026-03-10T13:00:00.000Z', expiracao: 3600 };
    expect(readCobPayload(cobPayload({ calendario }), 'cob', NOW).status).toBe('expired');
    expect(readCobPayload(cobPayload({ calendario: { ...calendario, expiracao: 7200 } }), 'cob', NOW).status).toBe('active');
    expect(readCobPayload(cobPayload({ status: 'CONCLUIDA' }), 'cob', NOW).status).toBe('paid');
    expect(readCobPayload(cobPayload({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }), 'cob', NOW).status).toBe('cancelled');
    expect(readCobPayload(cobPayload({ status: 'REMOVIDA_PELO_PSP' }), 'cob', NOW).status).toBe('cancelled');
  });

  it.each([
    ['a short txid', { txid: 'abc' }, 'txid must be 26 to 35 letters and digits'],
    ['a txid with symbols', { txid: 'fc9a4366-ff3d-4964-b5db-c6c91a8722d3' }, 'txid must be 26 to 35 letters and digits'],
    ['a fractional revisao', { revisao: 1.5 }, 'revisao must be a non-negative integer'],
    ['an unknown status', { status: 'PAGA' }, 'status must be one of ATIVA, CONCLUIDA, REMOVIDA_PELO_USUARIO_RECEBEDOR, REMOVIDA_PELO_PSP'],
    ['an amount as a number', { valor: { original: 150 } }, 'valor.original must be an amount like 10.00'],
    ['a zero amount', { valor: { original: '0.00' } }, 'valor.original must be above zero'],
    ['no chave', { chave: undefined }, 'chave must be a Pix key'],
    ['no calendario', { calendario: undefined }, 'calendario must be an object'],
  ])('refuses %s (QR_PAYLOAD_INVALID)', (_, over, issue) => {
    let error: unknown;
    try {
      readCobPayload(cobPayload(over), 'cob', NOW);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'QR_PAYLOAD_INVALID', details: [{ field: 'br_code', issue }] });
  });

  describe('CobVPayload (due-date charge)', () => {
    const cobv = (over: Record<string, unknown> = {}) => ({
      txid: TXID,
      revisao: 1,
      calendario: {
        criacao: '2026-03-01T10:00:00.000Z',
        apresentacao: '2026-03-10T14:59:00.000Z',
        dataDeVencimento: '2026-03-05',
        validadeAposVencimento: 10,
      },
      recebedor: {
        nome: 'Loja Exemplo Ltda',
        cnpj: '11222333000181',
        cidade: 'Sao Paulo',
        uf: 'SP',
        cep: '01000000',
        logradouro: 'Rua A, 1',
      },
      valor: { original: '100.00', multa: '2.00', juros: '0.50', abatimento: '0.00', desconto: '0.00', final: '102.50' },
      chave: 'loja@example.com',
      status: 'ATIVA',
      ...over,
    });

    it('reads the due date, the terms computed for the payment date, the amount due and the receiver', () => {
      const charge = readCobPayload(cobv(), 'cobv', NOW);
      expect(charge.status).toBe('active');
      expect(charge.amount.toFixed2()).toBe('100.00');
      expect(charge.receiver).toEqual({ name: 'Loja Exemplo Ltda', document: '11222333000181' });
      const { finalAmount, terms } = charge.dueDate!;
      expect(finalAmount.toFixed2()).toBe('102.50');
      expect({ ...terms }).toEqual({ dueDate: '2026-03-05', penalty: { mode: 1, value: '2.00' }, interest: { mode: 1, value: '0.50' } });
    });

    it('a discount is one on the payment date (São Paulo)', () => {
      const valor = { original: '100.00', desconto: '5.00', final: '95.00' };
      expect(readCobPayload(cobv({ valor }), 'cobv', NOW).dueDate?.terms.discount).toEqual({
        mode: 1,
        fixedDates: [{ date: '2026-03-10', value: '5.00' }],
      });
    });

    it('is expired once São Paulo\u2019s date is past dataDeVencimento + validadeAposVencimento', () => {
      const calendario = (days: number) => ({ ...cobv().calendario, validadeAposVencimento: days });
      expect(readCobPayload(cobv({ calendario: calendario(5) }), 'cobv', NOW).status).toBe('active'); // 2026-03-10: last day
      expect(readCobPayload(cobv({ calendario: calendario(4) }), 'cobv', NOW).status).toBe('expired');
      // 2026-03-11 01:00 UTC is still 2026-03-10 in São Paulo.
      expect(readCobPayload(cobv({ calendario: calendario(5) }), 'cobv', new Date('2026-03-11T01:00:00.000Z')).status).toBe('active');
    });

    it('refuses a CobVPayload without dataDeVencimento or valor.final', () => {
      const noDue = { ...cobv().calendario, dataDeVencimento: undefined };
      expect(() => readCobPayload(cobv({ calendario: noDue }), 'cobv', NOW)).toThrow(DomainError);
      expect(() => readCobPayload(cobv({ valor: { original: '100.00' } }), 'cobv', NOW)).toThrow(DomainError);
    });
  });
});
