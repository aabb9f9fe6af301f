import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { jest } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { HttpsQrPayloadFetcher } from '../../src/modules/qr-code/infrastructure/remote/https-qr-payload-fetcher.adapter.js';
import { jwkOf, signPayload, TestPki, type Leaf } from '../../src/modules/qr-code/infrastructure/remote/qr-pki.fakes.js';
import { KeyDirectory } from '../../src/modules/keys/application/key-directory.js';
import { SpiGateway, type SpiOrder } from '../../src/modules/spi/application/spi-gateway.js';
import { encodeBrCode } from '../../src/shared/domain/br-code/br-code.js';
import { crc16CcittFalse } from '../../src/shared/domain/br-code/crc16.js';
import { encodeTlv } from '../../src/shared/domain/br-code/emv-tlv.js';
import { Clock } from '../../src/shared/time/clock.js';
import { DataSource } from 'typeorm';
import { cashOut, settled } from '../support/payments.js';
import { http, newClient, startApp, type TestClient } from '../support/test-app.js';

/** What the institution's server answers on a path: a status and a body (a JWS, a key set), or a hang. */
interface Route {
  status?: number;
  body?: string;
  type?: string;
  hang?: boolean;
}

/**
 * Another institution's payload server: HTTPS with the test certificate the e2e command trusts for TLS
 * (test/fixtures/tls), serving JWS payloads signed by leaves of a CA this test makes (the JWS trust, given to
 * the app as PIX_QR_TRUST_ROOTS), and their key set. Records each request's path and query.
 */
class InstitutionServer {
  readonly requests: string[] = [];
  readonly routes = new Map<string, Route>();
  private server: Server | undefined;
  port = 0;

  async start(): Promise<this> {
    const dir = resolve(process.cwd(), 'test/fixtures/tls');
    this.server = createServer({ key: readFileSync(`${dir}/receiver.key`), cert: readFileSync(`${dir}/receiver.pem`) }, (req, res) => {
      const url = new URL(req.url ?? '/', 'https://localhost');
      this.requests.push(`${url.pathname}${url.search}`);
      const route = this.routes.get(url.pathname) ?? { status: 404, body: 'not found' };
      if (route.hang) return;
      res.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'application/jose' }).end(route.body ?? '');
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get host(): string {
    return `localhost:${this.port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => this.server?.close(() => done()) ?? done());
  }
}

const JWKS_PATH = '/pix/v2/jwks';
const TXID = 'fc9a4366ff3d4964b5dbc6c91a8722d3';

/** A CobPayload of the API Pix (schema `CobPayload`), created five minutes before the app clock's start. */
const cobPayload = (over: Record<string, unknown> = {}) => ({
  txid: TXID,
  revisao: 0,
  calendario: { criacao: '2026-03-10T14:55:00.000Z', apresentacao: '2026-03-10T14:59:00.000Z', expiracao: 3600 },
  valor: { original: '150.00' },
  chave: 'loja.externa@example.com',
  status: 'ATIVA',
  ...over,
});

describe('Dynamic QR codes of other institutions: fetched, verified and paid (e2e)', () => {
  let pki: TestPki;
  let leaf: Leaf;
  let server: InstitutionServer;
  let app: NestExpressApplication;
  let c: TestClient;
  let path = 0;

  beforeAll(async () => {
    pki = await TestPki.create(new Date('2026-01-01T00:00:00.000Z'), new Date('2027-01-01T00:00:00.000Z'));
    leaf = await pki.leaf();
    server = await new InstitutionServer().start();
    server.routes.set(JWKS_PATH, { body: JSON.stringify({ keys: [jwkOf(leaf)] }), type: 'application/json' });
    app = await startApp({ sandboxSpiLatencyMs: 5, pixQrAllowPrivateNetworks: true, pixQrTrustRoots: pki.root.pem });
    c = await newClient(app, { balance: '500.00' });
  });

  afterAll(async () => {
    await app.close();
    await server.stop();
  });

  const jku = () => `https://${server.host}${JWKS_PATH}`;

  /** Serves `jws` at a fresh location (`/qr/v2/<token>`, or `/cobv/<token>`) and answers the BR Code pointing to it. */
  function serve(jws: string, opts: { cobv?: boolean; txid?: string } = {}): string {
    path += 1;
    const location = `${opts.cobv ? '/cobv' : '/qr/v2'}/loc${path}a8f3e2c1d0b9`;
    server.routes.set(location, { body: jws });
    const code = encodeBrCode({
      type: 'dynamic',
      url: `${server.host}${location}`,
      merchantName: 'Loja Externa',
      merchantCity: 'CURITIBA',
    });
    return opts.txid === undefined ? code : withTxid(code, opts.txid);
  }

  /**
   * `code` with `txid` in 62-05, as some PSPs write a charge's txid there (our encoder writes `***` in every
   * dynamic code, as the BR Code manual requires; the reader accepts both).
   */
  function withTxid(code: string, txid: string): string {
    const body = code.replace(/62070503\*\*\*6304[0-9A-F]{4}$/, `${encodeTlv('62', encodeTlv('05', txid))}6304`);
    expect(body).not.toBe(code);
    return body + crc16CcittFalse(body);
  }

  const decode = (brCode: string) => http(app).post('/api/v1/pix/qrcode/decode').set(c.auth).send({ br_code: brCode });
  const refusedWith = async (brCode: string) => {
    const res = await decode(brCode);
    expect(res.status).toBe(400);
    return res.body.error.code as string;
  };

  it("decodes a signed charge of another institution, then pays it through Flow 3 with the charge's txid in the SPI order", async () => {
    const code = serve(await signPayload(cobPayload(), leaf, jku()));
    const res = await decode(code);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      qr_code_type: 'dynamic',
      pix_key: 'loja.externa@example.com',
      amount: '150.00',
      txid: TXID,
      receiver_ispb: expect.stringMatching(/^\d{8}$/),
    });
    expect(res.body.due_date).toBeUndefined();
    expect(server.requests).toEqual(expect.arrayContaining([`/qr/v2/loc${path}a8f3e2c1d0b9`, JWKS_PATH]));

    const orders: SpiOrder[] = [];
    const spi = app.get(SpiGateway);
    const send = jest.spyOn(spi, 'send').mockImplementation(async (order: SpiOrder) => {
      orders.push(order);
      return { outcome: 'settled' };
    });
    try {
      const paid = await cashOut(app, c, { amount: '150.00' }, { 'X-Pix-Lookup-E2E': res.body.end_to_end_id });
      expect(paid.status).toBe(200);
      const done = await settled(app, c, paid.body.transaction_id);
      expect(done).toMatchObject({ status: 'completed', end_to_end_id: res.body.end_to_end_id, pix_key: 'loja.externa@example.com' });
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ endToEndId: res.body.end_to_end_id, txid: TXID });
      expect(orders[0]!.amount.toFixed2()).toBe('150.00');
    } finally {
      send.mockRestore();
    }
  });

  it('the key set is reused for the same jku: a second decode fetches only the payload', async () => {
    const before = server.requests.filter((r) => r === JWKS_PATH).length;
    expect(before).toBeGreaterThan(0);
    const res = await decode(serve(await signPayload(cobPayload(), leaf, jku())));
    expect(res.status).toBe(200);
    expect(server.requests.filter((r) => r === JWKS_PATH)).toHaveLength(before);
  });

  it('a key the cached key set does not hold (the institution rotated its key) makes the key set be fetched again', async () => {
    const rotated = await pki.leaf();
    server.routes.set(JWKS_PATH, { body: JSON.stringify({ keys: [jwkOf(leaf), jwkOf(rotated)] }), type: 'application/json' });
    const before = server.requests.filter((r) => r === JWKS_PATH).length;
    const res = await decode(serve(await signPayload(cobPayload(), rotated, jku())));
    expect(res.status).toBe(200);
    expect(server.requests.filter((r) => r === JWKS_PATH)).toHaveLength(before + 1);
  });

  /** The holder of the external key in the sandbox directory: the `recebedor` a CobVPayload must name. */
  const holder = async () => (await app.get(KeyDirectory).resolve('loja.externa@example.com', 'EMAIL'))!;

  /** A CobVPayload of the API Pix (schema `CobVPayload`), due on 2026-03-05, its receiver the key's holder. */
  const cobvPayload = async (over: Record<string, unknown> = {}) => {
    const { holderDocument } = await holder();
    const document = holderDocument.length === 11 ? { cpf: holderDocument } : { cnpj: holderDocument };
    return {
      ...cobPayload({ revisao: 1 }),
      calendario: {
        criacao: '2026-03-01T10:00:00.000Z',
        apresentacao: '2026-03-10T14:59:00.000Z',
        dataDeVencimento: '2026-03-05',
        validadeAposVencimento: 30,
      },
      recebedor: { ...document, nome: 'Loja Externa Ltda', cidade: 'CURITIBA' },
      valor: { original: '100.00', multa: '2.00', juros: '0.50', abatimento: '0.00', desconto: '0.00', final: '102.50' },
      ...over,
    };
  };

  it('fetches a due-date charge with DPP (today in São Paulo) and codMun, and shows its terms and amount due', async () => {
    const res = await decode(serve(await signPayload(await cobvPayload(), leaf, jku()), { cobv: true }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      receiver_name: 'Loja Externa Ltda',
      amount: '100.00',
      due_date: '2026-03-05',
      penalty: { mode: 1, value: '2.00' },
      interest: { mode: 1, value: '0.50' },
      final_amount: '102.50',
      txid: TXID,
    });
    expect(server.requests).toContain(`/cobv/loc${path}a8f3e2c1d0b9?DPP=2026-03-10&codMun=3550308`);
  });

  it('refuses a tampered payload and a header that is not RS256/PS256: QR_SIGNATURE_INVALID', async () => {
    const [header, , signature] = (await signPayload(cobPayload(), leaf, jku())).split('.');
    const cheaper = Buffer.from(JSON.stringify(cobPayload({ valor: { original: '1.50' } }))).toString('base64url');
    expect(await refusedWith(serve(`${header}.${cheaper}.${signature}`))).toBe('QR_SIGNATURE_INVALID');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: leaf.thumbprint, jku: jku() })).toString('base64url')}.${cheaper}.`;
    expect(await refusedWith(serve(none))).toBe('QR_SIGNATURE_INVALID');
    const elsewhere = await signPayload(cobPayload(), leaf, `https://pix.other-bank.example${JWKS_PATH}`);
    expect(await refusedWith(serve(elsewhere))).toBe('QR_SIGNATURE_INVALID');
  });

  it('refuses a certificate of an untrusted root or for another host: QR_CERTIFICATE_UNTRUSTED', async () => {
    const stranger = await (
      await TestPki.create(new Date('2026-01-01T00:00:00.000Z'), new Date('2027-01-01T00:00:00.000Z'), 'Stranger')
    ).leaf();
    const otherHost = await pki.leaf({ dns: ['pix.other-bank.example'], ips: [] });
    const set = { keys: [jwkOf(leaf), jwkOf(stranger), jwkOf(otherHost)] };
    server.routes.set(JWKS_PATH, { body: JSON.stringify(set), type: 'application/json' });
    const otherJku = `${jku()}?v=2`; // a jku not yet cached, so the new key set is read
    expect(await refusedWith(serve(await signPayload(cobPayload(), stranger, otherJku)))).toBe('QR_CERTIFICATE_UNTRUSTED');
    expect(await refusedWith(serve(await signPayload(cobPayload(), otherHost, otherJku)))).toBe('QR_CERTIFICATE_UNTRUSTED');
  });

  it("refuses a payload that is not a charge, or another charge than the code's txid: QR_PAYLOAD_INVALID", async () => {
    expect(await refusedWith(serve(await signPayload(cobPayload({ txid: 'short' }), leaf, jku())))).toBe('QR_PAYLOAD_INVALID');
    const code = serve(await signPayload(cobPayload(), leaf, jku()), { txid: 'AnotherChargeTxid0000000000000001' });
    expect(await refusedWith(code)).toBe('QR_PAYLOAD_INVALID');
  });

  // docs/adr/0241-a-foreign-payload-is-read-against-its-schema.md. The review's case: a recebedor.cnpj that is not
  // a string skipped the holder check, and its nome (of any length) was shown and stored as the receiver.
  it('refuses a CobVPayload whose recebedor is not of its schema, or not the key holder: QR_PAYLOAD_INVALID, nothing stored', async () => {
    const { holderDocument, holderName } = await holder();
    const cases: [Record<string, unknown>, string][] = [
      [
        { cnpj: 11222333000181, nome: 'RECEITA FEDERAL DO BRASIL', cidade: 'BRASILIA' },
        'recebedor.cnpj must be 14 digits or capital letters',
      ],
      [{ nome: 'RECEITA FEDERAL DO BRASIL', cidade: 'BRASILIA' }, 'recebedor must have exactly one of cpf and cnpj'],
      [
        { cpf: holderDocument.length === 11 ? holderDocument : '52998224725', nome: 'R'.repeat(150_044), cidade: 'BRASILIA' },
        'recebedor.nome must be 1 to 200 characters (is 150044)',
      ],
      [
        { cnpj: '00394460005887', nome: 'RECEITA FEDERAL DO BRASIL', cidade: 'BRASILIA' },
        "recebedor is not the holder of the charge's key",
      ],
    ];
    for (const [recebedor, issue] of cases) {
      const res = await decode(serve(await signPayload(await cobvPayload({ recebedor }), leaf, jku()), { cobv: true }));
      expect({ status: res.status, code: res.body.error?.code, issue: res.body.error?.details?.[0]?.issue }).toEqual({
        status: 400,
        code: 'QR_PAYLOAD_INVALID',
        issue,
      });
    }
    const shown = await app.get(DataSource).query(`SELECT receiver->>'name' AS name FROM qr_lookups WHERE client_id = $1`, [c.clientId]);
    expect(shown.map((r: { name: string }) => r.name)).not.toContain('RECEITA FEDERAL DO BRASIL');
    expect(shown.every((r: { name: string }) => r.name.length <= 200)).toBe(true);
    expect(holderName).not.toBe('RECEITA FEDERAL DO BRASIL');
  });

  // docs/adr/0242-a-txid-reaches-a-credit-only-with-its-charge.md. The review's case: another host serves a signed
  // payload naming one of our client's keys and the txid of that client's open charge (7.00), priced 0.01. Paid,
  // the charge stayed open while the 0.01 was listed under its txid (GET /pix?txid=) and a callback was queued.
  it("refuses another host's payload for a key held here and our client's open charge: QR_PAYLOAD_INVALID, the charge untouched", async () => {
    const merchant = await newClient(app, { legal: true, name: 'Loja Daqui Ltda' });
    const key = await http(app)
      .post('/api/v1/pix/keys')
      .set(merchant.auth)
      .send({ key_type: 'EMAIL', key_value: 'loja.daqui@example.com' });
    expect(key.status).toBe(200);
    const charge = await http(app).post('/api/v1/pix/cash-in/qrcode').set(merchant.auth).send({ amount: '7.00', reference: 'pedido-7' });
    expect(charge.status).toBe(200);
    const txid = charge.body.conciliation_id as string;

    const forged = cobPayload({ txid, chave: 'loja.daqui@example.com', valor: { original: '0.01' } });
    const res = await decode(serve(await signPayload(forged, leaf, jku())));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'QR_PAYLOAD_INVALID',
      details: [
        { field: 'br_code', issue: "its key is held at this institution, whose charges are read only at this institution's own locations" },
      ],
    });
    // Nothing to pay: no decode was kept, the charge is pending, and its txid is on its own line only.
    const db = app.get(DataSource);
    expect(await db.query(`SELECT 1 FROM qr_lookups WHERE client_id = $1 AND result->>'charge_txid' = $2`, [c.clientId, txid])).toEqual([]);
    const status = await http(app).get(`/api/v1/pix/cash-in/${charge.body.transaction_id}`).set(merchant.auth);
    expect(status.body.data).toMatchObject({ status: 'pending', conciliation_id: txid });
    const lines = await http(app).get('/api/v1/transactions').query({ type: 'cash_in' }).set(merchant.auth);
    expect((lines.body.data.transactions as { id: string; txid: string | null }[]).filter((t) => t.txid === txid).map((t) => t.id)).toEqual(
      [charge.body.transaction_id],
    );
  });

  it('answers paid and cancelled charges CHARGE_NOT_PAYABLE and an expired one QR_CODE_EXPIRED', async () => {
    expect(await refusedWith(serve(await signPayload(cobPayload({ status: 'CONCLUIDA' }), leaf, jku())))).toBe('CHARGE_NOT_PAYABLE');
    const removed = cobPayload({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    expect(await refusedWith(serve(await signPayload(removed, leaf, jku())))).toBe('CHARGE_NOT_PAYABLE');
    const old = cobPayload({
      calendario: { criacao: '2026-03-10T12:00:00.000Z', apresentacao: '2026-03-10T12:00:00.000Z', expiracao: 600 },
    });
    expect(await refusedWith(serve(await signPayload(old, leaf, jku())))).toBe('QR_CODE_EXPIRED');
  });

  it('answers QR_PAYLOAD_UNAVAILABLE when the institution answers 404 or 500', async () => {
    const missing = encodeBrCode({
      type: 'dynamic',
      url: `${server.host}/qr/v2/nothing-here`,
      merchantName: 'X',
      merchantCity: 'Y',
      txid: '***',
    });
    expect(await refusedWith(missing)).toBe('QR_PAYLOAD_UNAVAILABLE');
    server.routes.set('/qr/v2/broken', { status: 500, body: 'oops' });
    const broken = encodeBrCode({ type: 'dynamic', url: `${server.host}/qr/v2/broken`, merchantName: 'X', merchantCity: 'Y', txid: '***' });
    expect(await refusedWith(broken)).toBe('QR_PAYLOAD_UNAVAILABLE');
  });

  it('answers CHARGE_NOT_PAYABLE when the location answers 410 Gone (a charge it will never show again)', async () => {
    server.routes.set('/qr/v2/gone', { status: 410, body: '{"status":410}', type: 'application/problem+json' });
    const gone = encodeBrCode({ type: 'dynamic', url: `${server.host}/qr/v2/gone`, merchantName: 'X', merchantCity: 'Y' });
    expect(await refusedWith(gone)).toBe('CHARGE_NOT_PAYABLE');
  });

  describe('the outbound guard', () => {
    const fetcher = (over: { allowPrivate?: boolean; timeoutMs?: number } = {}) =>
      new HttpsQrPayloadFetcher(
        {
          pixQrAllowPrivateNetworks: over.allowPrivate ?? true,
          pixQrTrustRoots: pki.root.pem,
          pixQrFetchTimeoutMs: over.timeoutMs ?? 2000,
          pixQrMunicipalityCode: '3550308',
        },
        app.get(Clock),
        app.get(KeyDirectory),
      );

    it('without PIX_QR_ALLOW_PRIVATE_NETWORKS, a private address (and a port other than 443) is never called', async () => {
      const before = server.requests.length;
      const location = `${server.host}/qr/v2/private`;
      server.routes.set('/qr/v2/private', { body: await signPayload(cobPayload(), leaf, jku()) });
      await expect(fetcher({ allowPrivate: false }).fetch(location)).resolves.toBeNull();
      await expect(fetcher({ allowPrivate: false }).fetch('127.0.0.1/qr/v2/private')).resolves.toBeNull();
      expect(server.requests).toHaveLength(before);
      await expect(fetcher().fetch(location)).resolves.toMatchObject({ txid: TXID, chargeId: null });
    });

    it('gives up on a server that does not answer in time, or answers more than the size limit, or over http', async () => {
      server.routes.set('/qr/v2/hangs', { hang: true });
      await expect(fetcher({ timeoutMs: 300 }).fetch(`${server.host}/qr/v2/hangs`)).resolves.toBeNull();
      server.routes.set('/qr/v2/huge', { body: 'x'.repeat(300 * 1024) });
      await expect(fetcher().fetch(`${server.host}/qr/v2/huge`)).resolves.toBeNull();
      await expect(fetcher().fetch(`http://${server.host}/qr/v2/private`)).resolves.toBeNull();
    });
  });
});
