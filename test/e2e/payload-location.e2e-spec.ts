import { createHash, X509Certificate } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { ChargeQuotes } from '../../src/modules/cash-in/application/charge-quotes.js';
import { SqlDevelopmentKeys } from '../../src/modules/payload-location/infrastructure/persistence/sql-development-keys.js';
import { makeDevelopmentKey } from '../../src/modules/payload-location/infrastructure/signing/development-key.js';
import { parseBrCode } from '../../src/shared/domain/br-code/br-code.js';
import type { ValidateFunction } from 'ajv';
import { apiPixPayloadValidators } from '../../src/shared/testing/api-pix-payload-schemas.js';
import { randomCpf } from '../support/documents.js';
import { clockOf, DAYTIME, http, newClient, startApp, type TestClient } from '../support/test-app.js';

/** What the schema finds wrong with `value` (none: valid). */
function violations(validate: ValidateFunction, value: unknown): unknown[] {
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
}

// API Pix, error section, tag CobPayload: the type URIs of the spec's examples.
const NOT_FOUND = 'https://pix.bcb.gov.br/api/v2/error/CobPayloadNaoEncontrado';
const INVALID = 'https://pix.bcb.gov.br/api/v2/error/CobPayloadOperacaoInvalida';

describe('the locations of our dynamic QR codes (API Pix, tag CobPayload)', () => {
  let app: NestExpressApplication;
  let merchant: TestClient;
  let payer: TestClient;
  const validators = apiPixPayloadValidators();

  const create = async (body: object) => {
    const res = await http(app)
      .post('/api/v1/pix/cash-in/qrcode')
      .set(merchant.auth)
      .send({ amount: '100.00', reference: 'loc-1', ...body });
    if (res.status !== 200) throw new Error(`charge creation failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { transaction_id: string; conciliation_id: string; qr_code_text: string };
  };
  const get = (path: string, from?: NestExpressApplication) =>
    http(from ?? app)
      .get(path)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      });
  /** The location's URL path, as a payer's app reads it from the BR Code (field 26-25, https). */
  const locationOf = (brCode: string) => {
    const parsed = parseBrCode(brCode);
    if (parsed.type !== 'dynamic') throw new Error('not a dynamic code');
    return `/${(parsed.url ?? '').split('/').slice(1).join('/')}`;
  };

  /** Fetches the JWKS, verifies the JWS with the key it names, and returns header and payload. */
  const verified = async (jws: string) => {
    const header = decodeProtectedHeader(jws);
    const jwks = await get('/qr/v2/jwks');
    expect(jwks.status).toBe(200);
    expect(jwks.headers['content-type']).toBe('application/json');
    const keys = (JSON.parse(jwks.body as string) as { keys: (JWK & { x5c: string[]; 'x5t#S256': string })[] }).keys;
    const jwk = keys.find((k) => k.kid === header.kid);
    if (!jwk) throw new Error(`no key ${header.kid} in the JWKS`);
    const { payload, protectedHeader } = await compactVerify(jws, await importJWK(jwk, 'RS256'));
    return { header: protectedHeader, jwk, payload: JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown> };
  };

  const problem = (res: { headers: Record<string, string>; body: unknown }) => {
    expect(res.headers['content-type']).toBe('application/problem+json');
    return JSON.parse(res.body as string) as Problem;
  };

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' });
    merchant = await newClient(app, { legal: true, name: 'Loja Exemplo Ltda' });
    payer = await newClient(app, { balance: '1000.00' });
  });

  afterAll(() => app.close());

  it('serves an immediate charge as a JWS of this institution whose payload is an API Pix CobPayload', async () => {
    const payerDocument = randomCpf();
    const c = await create({ description: 'Pedido 42', payer_name: 'Maria Souza', payer_document: payerDocument, expiration_time: 600 });
    const path = locationOf(c.qr_code_text);
    expect(path).toBe(`/qr/v2/${c.transaction_id}`);
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/jose');
    const { header, jwk, payload } = await verified(res.body as string);

    // Manual de Segurança do Pix, section 4, and docs/adr/0206-payload-signing-key.md: the protected header.
    expect(Object.keys(header).sort()).toEqual(['alg', 'jku', 'kid', 'typ', 'x5t#S256']);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWS', jku: 'https://pix.sandbox.local/qr/v2/jwks' });
    const leaf = new X509Certificate(Buffer.from(jwk.x5c[0]!, 'base64'));
    const thumbprint = createHash('sha256').update(leaf.raw).digest('base64url');
    expect(header.kid).toBe(thumbprint);
    expect(header['x5t#S256']).toBe(thumbprint);
    expect(jwk).toMatchObject({ kty: 'RSA', use: 'sig', alg: 'RS256', 'x5t#S256': thumbprint });
    expect(leaf.publicKey.asymmetricKeyDetails?.modulusLength).toBeGreaterThanOrEqual(2048);
    expect(leaf.subject).toContain('CN=pix.sandbox.local');

    expect(violations(validators.cob, payload)).toEqual([]);
    // The converted schema still refuses what the spec refuses.
    expect(violations(validators.cob, { ...payload, revisao: '0' })).not.toEqual([]);
    expect(violations(validators.cob, { ...payload, valor: { original: '100' } })).not.toEqual([]);
    expect(violations(validators.cob, { ...payload, chave: undefined })).not.toEqual([]);
    expect(payload).toEqual({
      txid: c.conciliation_id,
      revisao: 0,
      calendario: { criacao: expect.any(String), apresentacao: expect.any(String), expiracao: 600 },
      devedor: { cpf: payerDocument, nome: 'Maria Souza' },
      valor: { original: '100.00' },
      chave: expect.any(String),
      status: 'ATIVA',
      solicitacaoPagador: 'Pedido 42',
    });
    // `apresentacao` is the moment of the answer: the app's clock, which started at DAYTIME.
    expect(Date.parse(payload.calendario ? (payload.calendario as { apresentacao: string }).apresentacao : '')).toBeGreaterThanOrEqual(
      DAYTIME.getTime(),
    );
  });

  it('answers a charge that names no payer without `devedor`, and `revisao` grows when the charge is cancelled', async () => {
    const c = await create({});
    const { payload } = await verified((await get(`/qr/v2/${c.transaction_id}`)).body as string);
    expect(payload.devedor).toBeUndefined();
    expect(payload.solicitacaoPagador).toBeUndefined();
    expect(payload.revisao).toBe(0);

    const cancelled = await http(app).post(`/api/v1/pix/cash-in/${c.transaction_id}/cancel`).set(merchant.auth);
    expect(cancelled.status).toBe(200);
    // The location no longer shows it (410); the charge's revision, which a payload would carry, is 1.
    const quote = await app.get(ChargeQuotes).quote(c.transaction_id, clockOf(app).now());
    expect(quote?.revision).toBe(1);
    const gone = await get(`/qr/v2/${c.transaction_id}`);
    expect(gone.status).toBe(410);
    expect(problem(gone)).toEqual({ type: NOT_FOUND, title: 'Cobrança não encontrada.', status: 410, detail: expect.any(String) });
  });

  it('answers 410 for a paid or an expired charge, and 404 where no charge is shown', async () => {
    const paid = await create({});
    const payment = await http(app).post(`/api/v1/sandbox/cash-in/${paid.transaction_id}/pay`).set(merchant.auth).send({});
    expect(payment.status).toBe(200);
    expect((await get(`/qr/v2/${paid.transaction_id}`)).status).toBe(410);
    expect((await app.get(ChargeQuotes).quote(paid.transaction_id, clockOf(app).now()))?.revision).toBe(1);

    const short = await create({ expiration_time: 60 });
    expect((await get(`/qr/v2/${short.transaction_id}`)).status).toBe(200);
    clockOf(app).advance(61_000);
    const expired = await get(`/qr/v2/${short.transaction_id}`);
    expect(expired.status).toBe(410);
    expect(problem(expired).type).toBe(NOT_FOUND);

    for (const path of [
      '/qr/v2/00000000-0000-4000-8000-000000000000',
      '/qr/v2/not-a-charge',
      `/qr/v2/cobv/${(await create({})).transaction_id}`,
    ]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      // API Pix, RequisicaoInvalidaCobPayloadExample1.
      expect(problem(res)).toEqual({
        type: NOT_FOUND,
        title: 'Cobrança não encontrada.',
        status: 404,
        detail: 'A cobrança em questão não foi encontrada para a location requisitada.',
      });
    }
  });

  describe('a due-date charge', () => {
    const today = () => new Date(clockOf(app).now().getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
    let c: { transaction_id: string; conciliation_id: string; qr_code_text: string };
    let payerDocument: string;

    beforeAll(async () => {
      payerDocument = randomCpf();
      c = await create({
        due_date: '2026-04-20',
        payer_name: 'Maria Souza',
        payer_document: payerDocument,
        receiver_address: 'Rua Exemplo, 10',
        receiver_state: 'SP',
        receiver_postal_code: '01310100',
        penalty: { mode: 1, value: '5.00' },
        interest: { mode: 1, value: '0.10' },
      });
    });

    it('is served at its cobv location as an API Pix CobVPayload priced today', async () => {
      const path = locationOf(c.qr_code_text);
      expect(path).toBe(`/qr/v2/cobv/${c.transaction_id}`);
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/jose');
      const { payload } = await verified(res.body as string);
      expect(violations(validators.cobv, payload)).toEqual([]);
      expect(payload).toEqual({
        txid: c.conciliation_id,
        revisao: 0,
        // conventions §9: payable until due date + 30 days.
        calendario: {
          criacao: expect.any(String),
          apresentacao: expect.any(String),
          dataDeVencimento: '2026-04-20',
          validadeAposVencimento: 30,
        },
        devedor: { cpf: payerDocument, nome: 'Maria Souza' },
        recebedor: {
          cnpj: merchant.document,
          nome: 'Loja Exemplo Ltda',
          logradouro: 'Rua Exemplo, 10',
          cidade: 'SAO PAULO',
          uf: 'SP',
          cep: '01310100',
        },
        valor: { original: '100.00', multa: '0.00', juros: '0.00', abatimento: '0.00', desconto: '0.00', final: '100.00' },
        chave: expect.any(String),
        status: 'ATIVA',
      });
      // The old location (/qr/v2/<id>) answers the same.
      const old = await verified((await get(`/qr/v2/${c.transaction_id}`)).body as string);
      expect(violations(validators.cobv, old.payload)).toEqual([]);
      expect(old.payload.valor).toEqual(payload.valor);
    });

    it('prices the payment date DPP with the due-date calculator', async () => {
      // docs/due-date-charges.md: penalty mode 1 fixed, interest mode 1 per day late; 5 days late.
      const res = await get(`/qr/v2/cobv/${c.transaction_id}?DPP=2026-04-25&codMun=3550308`);
      expect(res.status).toBe(200);
      const { payload } = await verified(res.body as string);
      expect(violations(validators.cobv, payload)).toEqual([]);
      expect(payload.valor).toEqual({
        original: '100.00',
        multa: '5.00',
        juros: '0.50',
        abatimento: '0.00',
        desconto: '0.00',
        final: '105.50',
      });
      const last = await get(`/qr/v2/cobv/${c.transaction_id}?DPP=2026-05-20`);
      expect(last.status).toBe(200);
      expect(((await verified(last.body as string)).payload.valor as { juros: string }).juros).toBe('3.00');
    });

    it('refuses DPP and codMun violations as CobPayloadOperacaoInvalida (400)', async () => {
      const yesterday = new Date(Date.parse(`${today()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      for (const query of [
        'DPP=2026-13-01',
        'DPP=20260425',
        `DPP=${yesterday}`,
        'DPP=2026-05-21',
        'codMun=123',
        'codMun=9999999',
        'DPP=a&DPP=b',
      ]) {
        const res = await get(`/qr/v2/cobv/${c.transaction_id}?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
        expect(problem(res)).toEqual({ type: INVALID, title: 'Operação inválida.', status: 400, detail: expect.any(String) });
      }
      expect((await get(`/qr/v2/cobv/${c.transaction_id}?DPP=${today()}`)).status).toBe(200);
    });

    it('is still decoded by the sandbox from its cobv URL', async () => {
      const res = await http(app).post('/api/v1/pix/qrcode/decode').set(payer.auth).send({ br_code: c.qr_code_text });
      expect(res.status).toBe(200);
      expect(res.body.amount).toBe('100.00');
    });
  });

  it('every process of the deployment signs with the same development key, even two starting at once', async () => {
    const store = app.get(SqlDevelopmentKeys, { strict: false });
    const host = `race-${Date.now().toString(36)}.test`;
    const make = () => makeDevelopmentKey(host, DAYTIME);
    const [a, b] = await Promise.all([store.getOrCreate(host, make, DAYTIME), store.getOrCreate(host, make, DAYTIME)]);
    expect(a.certPem).toBe(b.certPem);
    expect(a.keyPem).toBe(b.keyPem);

    // A second app under a path prefix: its routes move under the path, and it signs with the same key.
    const other = await startApp({ appRole: 'api', pixQrBaseUrl: 'pix.sandbox.local/psp/' });
    try {
      const charge = await http(other)
        .post('/api/v1/pix/cash-in/qrcode')
        .set(merchant.auth)
        .send({ amount: '7.00', reference: 'loc-prefix' });
      expect(charge.status).toBe(200);
      expect(locationOf(charge.body.qr_code_text)).toBe(`/psp/qr/v2/${charge.body.transaction_id}`);
      const res = await get(`/psp/qr/v2/${charge.body.transaction_id}`, other);
      expect(res.status).toBe(200);
      const jws = res.body as string;
      const header = decodeProtectedHeader(jws);
      expect(header.jku).toBe('https://pix.sandbox.local/psp/qr/v2/jwks');
      const first = decodeProtectedHeader((await get(`/qr/v2/${(await create({})).transaction_id}`)).body as string);
      expect(header.kid).toBe(first.kid);
      expect((await http(other).get('/psp/qr/v2/jwks')).status).toBe(200);
      expect((await http(other).get('/qr/v2/jwks')).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
