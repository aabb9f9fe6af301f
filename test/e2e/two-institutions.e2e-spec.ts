import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { jest } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { decodeProtectedHeader } from 'jose';
import pg from 'pg';
import { loadConfig, qrSigningMaterial, type AppConfig } from '../../src/config/app.config.js';
import { KeyDirectory } from '../../src/modules/keys/application/key-directory.js';
import { signPayload, TestPki, type Leaf } from '../../src/modules/qr-code/infrastructure/remote/qr-pki.fakes.js';
import { SpiGateway, type SpiOrder } from '../../src/modules/spi/application/spi-gateway.js';
import { encodeBrCode, parseBrCode } from '../../src/shared/domain/br-code/br-code.js';
import { randomCnpj } from '../support/documents.js';
import { cashOut, settled } from '../support/payments.js';
import { http, newClient, startApp, type TestClient } from '../support/test-app.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * An HTTPS front on 127.0.0.1: TLS with the fixture certificate the e2e command trusts (test/fixtures/tls, for
 * localhost and 127.0.0.1), requests handed to an app's Express instance once it exists (its PIX_QR_BASE_URL
 * needs the port first). `answers` stands in for a proxy that alters what passes: a path found there is
 * answered with that body instead. Records each request's path and query.
 */
class HttpsFront {
  readonly requests: string[] = [];
  readonly answers = new Map<string, { body: string; type: string }>();
  handler: Handler = (_req, res) => void res.writeHead(503).end();
  port = 0;
  private server: Server | undefined;

  async start(): Promise<this> {
    const dir = resolve(process.cwd(), 'test/fixtures/tls');
    this.server = createServer({ key: readFileSync(`${dir}/receiver.key`), cert: readFileSync(`${dir}/receiver.pem`) }, (req, res) => {
      const url = new URL(req.url ?? '/', 'https://front');
      this.requests.push(`${url.pathname}${url.search}`);
      const answer = this.answers.get(url.pathname);
      if (answer) return void res.writeHead(200, { 'content-type': answer.type }).end(answer.body);
      this.handler(req, res);
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => this.server?.close(() => done()) ?? done());
  }
}

/** One instance of the service: its own ISPB, database, Redis prefix, host, signing key and HTTPS front. */
interface Institution {
  ispb: string;
  host: string;
  front: HttpsFront;
  app: NestExpressApplication;
}

/**
 * Starts an instance at `https://<hostname>:<port>` whose payloads are signed by `leaf` (chain: the leaf and
 * the test CA's intermediate, given as PIX_QR_SIGNING_KEY / PIX_QR_SIGNING_CERTS) and which trusts the test
 * CA's root for other institutions' payloads, on a private network.
 */
async function startInstitution(hostname: string, pki: TestPki, leaf: Leaf, over: Partial<AppConfig>): Promise<Institution> {
  const front = await new HttpsFront().start();
  const host = `${hostname}:${front.port}`;
  const signing = qrSigningMaterial(
    {
      PIX_QR_SIGNING_KEY: leaf.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      PIX_QR_SIGNING_CERTS: `${leaf.pem}\n${pki.intermediate.pem}`,
    },
    false,
  );
  const app = await startApp({
    pixQrBaseUrl: host,
    pixQrSigning: signing,
    pixQrTrustRoots: pki.root.pem,
    pixQrAllowPrivateNetworks: true,
    sandboxSpiLatencyMs: 5,
    ...over,
  });
  front.handler = app.getHttpAdapter().getInstance() as Handler;
  return { ispb: over.pspIspb ?? loadConfig().pspIspb, host, front, app };
}

interface Charge {
  transaction_id: string;
  conciliation_id: string;
  qr_code_text: string;
}

/** GET on an app in process, the body as text whatever its type (a JWS, a key set). */
const text = async (app: NestExpressApplication, path: string): Promise<string> => {
  const res = await http(app)
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => done(null, body));
    });
  expect(res.status).toBe(200);
  return res.body as string;
};

/** The URL path of a dynamic code's location (field 26-25 is host and path). */
const pathOf = (brCode: string) => `/${parseBrCode(brCode).url!.split('/').slice(1).join('/')}`;

describe('two instances of the service pay each other’s dynamic QR codes over HTTPS (e2e)', () => {
  let pki: TestPki;
  let leafB: Leaf;
  let a: Institution;
  let b: Institution;
  let bDatabaseUrl: URL;
  let payer: TestClient;
  let merchant: TestClient;

  beforeAll(async () => {
    pki = await TestPki.create(new Date('2026-01-01T00:00:00.000Z'), new Date('2027-01-01T00:00:00.000Z'), 'Two Institutions Test Root');
    // A's leaf names only `localhost`, B's only the address 127.0.0.1 (and a name no test host uses, so its
    // subject is never read as a host name): each covers its own PIX_QR_BASE_URL host and not the other's.
    const leafA = await pki.leaf({ dns: ['localhost'], ips: [] });
    leafB = await pki.leaf({ dns: ['pix.bank-b.test'], ips: ['127.0.0.1'] });
    a = await startInstitution('localhost', pki, leafA, { pspIspb: '99999004' });

    // The two sandboxes share no DICT: A's sandbox directory places a key not held at A at a participant the
    // key's value picks, and a CNPJ key is its holder's own document. B's merchant is a company whose CNPJ
    // key A places at B's ISPB, so what A's directory says of B's key is true of B: its ISPB, its holder.
    const cnpj = randomCnpj();
    const entry = await a.app.get(KeyDirectory).resolve(cnpj, 'CNPJ');
    expect(entry).toMatchObject({ holderDocument: cnpj });
    expect(entry!.ispb).not.toBe(a.ispb);
    bDatabaseUrl = new URL(loadConfig().databaseUrl);
    bDatabaseUrl.pathname = `/${decodeURIComponent(bDatabaseUrl.pathname.slice(1))}_b`;
    b = await startInstitution('127.0.0.1', pki, leafB, {
      pspIspb: entry!.ispb,
      databaseUrl: bDatabaseUrl.toString(),
      redisKeyPrefix: `${loadConfig().redisKeyPrefix}_b`,
    });

    payer = await newClient(a.app, { balance: '1000.00' });
    merchant = await newClient(b.app, { legal: true, name: 'Loja B Ltda', document: cnpj });
    const key = await http(b.app).post('/api/v1/pix/keys').set(merchant.auth).send({ key_type: 'CNPJ', key_value: cnpj });
    expect(key.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await a?.front.stop();
    await b?.front.stop();
    if (bDatabaseUrl) {
      const admin = new pg.Client({ connectionString: Object.assign(new URL(bDatabaseUrl), { pathname: '/postgres' }).toString() });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${bDatabaseUrl.pathname.slice(1)}" WITH (FORCE)`);
      await admin.end();
    }
  });

  const charge = async (body: object): Promise<Charge> => {
    const res = await http(b.app)
      .post('/api/v1/pix/cash-in/qrcode')
      .set(merchant.auth)
      .send({ reference: 'two-institutions', ...body });
    expect(res.status).toBe(200);
    return res.body as Charge;
  };
  const decode = (brCode: string) => http(a.app).post('/api/v1/pix/qrcode/decode').set(payer.auth).send({ br_code: brCode });
  const refusedWith = async (brCode: string) => {
    const res = await decode(brCode);
    expect(res.status).toBe(400);
    return res.body.error.code as string;
  };
  const chargeStatus = async (id: string) => (await http(b.app).get(`/api/v1/pix/cash-in/${id}`).set(merchant.auth)).body.data.status;

  /** Pays a decode through Flow 3 at A, and answers the SPI orders A sent meanwhile (the sandbox SPI settles them). */
  async function payAtA(endToEndId: string, amount: string): Promise<{ orders: SpiOrder[]; status: Record<string, unknown> }> {
    const orders: SpiOrder[] = [];
    const spi = a.app.get(SpiGateway);
    const original = spi.send.bind(spi);
    const send = jest.spyOn(spi, 'send').mockImplementation(async (order: SpiOrder) => {
      orders.push(order);
      return original(order);
    });
    try {
      const paid = await cashOut(a.app, payer, { amount }, { 'X-Pix-Lookup-E2E': endToEndId });
      expect(paid.status).toBe(200);
      return { orders, status: await settled(a.app, payer, paid.body.transaction_id) };
    } finally {
      send.mockRestore();
    }
  }

  it("A's client decodes B's immediate charge, fetched from B over HTTPS and verified, and pays it with B's txid", async () => {
    const c = await charge({ amount: '150.00' });
    expect(parseBrCode(c.qr_code_text)).toMatchObject({ url: `${b.host}/qr/v2/${c.transaction_id}`, txid: '***' });

    const res = await decode(c.qr_code_text);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      qr_code_type: 'dynamic',
      pix_key: merchant.document,
      amount: '150.00',
      txid: c.conciliation_id,
      receiver_ispb: b.ispb,
    });
    expect(res.body.end_to_end_id.slice(1, 9)).toBe(a.ispb);
    expect(b.front.requests).toEqual(expect.arrayContaining([`/qr/v2/${c.transaction_id}`, '/qr/v2/jwks']));

    const { orders, status } = await payAtA(res.body.end_to_end_id, '150.00');
    expect(status).toMatchObject({ status: 'completed', end_to_end_id: res.body.end_to_end_id, pix_key: merchant.document });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      endToEndId: res.body.end_to_end_id,
      txid: c.conciliation_id,
      receiver: { ispb: b.ispb, document: merchant.document },
    });
    expect(orders[0]!.amount.toFixed2()).toBe('150.00');
    // No SPI joins the two sandboxes: A's sandbox SPI settled the order, nothing reached B.
    expect(await chargeStatus(c.transaction_id)).toBe('pending');

    // The test stands in for the SPI and credits B (its sandbox's external payment; B makes its own end-to-end
    // id): the charge is paid, its location answers 410, and A refuses it from then on.
    const credited = await http(b.app)
      .post(`/api/v1/sandbox/cash-in/${c.transaction_id}/pay`)
      .set(merchant.auth)
      .send({ payer: { name: payer.name, document: payer.document } });
    expect(credited.status).toBe(200);
    expect(await chargeStatus(c.transaction_id)).toBe('completed');
    expect(await refusedWith(c.qr_code_text)).toBe('CHARGE_NOT_PAYABLE');
  });

  it("A's client decodes B's due-date charge priced for today (DPP) and pays its final amount with B's txid", async () => {
    const c = await charge({
      amount: '100.00',
      due_date: '2026-03-20',
      receiver_address: 'Rua B, 2',
      receiver_state: 'SP',
      receiver_postal_code: '01310100',
      discount: { mode: 1, fixed_dates: [{ date: '2026-03-15', value: '5.00' }] },
    });
    expect(parseBrCode(c.qr_code_text)).toMatchObject({ url: `${b.host}/qr/v2/cobv/${c.transaction_id}`, txid: '***' });
    expect(parseBrCode(c.qr_code_text).amount).toBeUndefined();

    const res = await decode(c.qr_code_text);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      amount: '100.00',
      due_date: '2026-03-20',
      final_amount: '95.00',
      receiver_name: 'Loja B Ltda',
      receiver_ispb: b.ispb,
      txid: c.conciliation_id,
    });
    expect(b.front.requests).toContain(`/qr/v2/cobv/${c.transaction_id}?DPP=2026-03-10&codMun=3550308`);

    const { orders, status } = await payAtA(res.body.end_to_end_id, '95.00');
    expect(status).toMatchObject({ status: 'completed', amount: '95.00' });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ txid: c.conciliation_id, receiver: { ispb: b.ispb } });
    expect(orders[0]!.amount.toFixed2()).toBe('95.00');
  });

  it("refuses B's payload altered on its way (a proxy in front of B changing the body): QR_SIGNATURE_INVALID", async () => {
    const c = await charge({ amount: '80.00' });
    const path = pathOf(c.qr_code_text);
    const jws = await text(b.app, path);
    // Signed by B's configured key (PIX_QR_SIGNING_KEY), its key set on B's own host.
    expect(decodeProtectedHeader(jws)).toMatchObject({ alg: 'RS256', kid: leafB.thumbprint, jku: `https://${b.host}/qr/v2/jwks` });
    const [header, payload, signature] = jws.split('.');
    const altered = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    expect(altered.valor.original).toBe('80.00');
    altered.valor.original = '0.80';
    b.front.answers.set(path, {
      body: `${header}.${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${signature}`,
      type: 'application/jose',
    });
    try {
      expect(await refusedWith(c.qr_code_text)).toBe('QR_SIGNATURE_INVALID');
    } finally {
      b.front.answers.delete(path);
    }
    // The same code, untouched, decodes.
    expect((await decode(c.qr_code_text)).body).toMatchObject({ amount: '80.00', txid: c.conciliation_id });
  });

  it("refuses B's key set answered by another host, for a payload signed with B's key: QR_CERTIFICATE_UNTRUSTED", async () => {
    const c = await charge({ amount: '60.00' });
    const payload = JSON.parse(Buffer.from((await text(b.app, pathOf(c.qr_code_text))).split('.')[1]!, 'base64url').toString('utf8'));
    const mirror = await new HttpsFront().start();
    try {
      const host = `localhost:${mirror.port}`;
      mirror.answers.set('/qr/v2/jwks', { body: await text(b.app, '/qr/v2/jwks'), type: 'application/json' });
      mirror.answers.set(`/qr/v2/${c.transaction_id}`, {
        body: await signPayload(payload, leafB, `https://${host}/qr/v2/jwks`),
        type: 'application/jose',
      });
      const code = encodeBrCode({
        type: 'dynamic',
        url: `${host}/qr/v2/${c.transaction_id}`,
        merchantName: 'Loja B',
        merchantCity: 'SAO PAULO',
      });
      expect(await refusedWith(code)).toBe('QR_CERTIFICATE_UNTRUSTED');
      // Refused at the certificate: the key set was read, and holds B's key.
      expect(mirror.requests).toEqual([`/qr/v2/${c.transaction_id}`, '/qr/v2/jwks']);
    } finally {
      await mirror.stop();
    }
  });

  it("refuses B's cancelled charge (its location answers 410): CHARGE_NOT_PAYABLE", async () => {
    const c = await charge({ amount: '30.00' });
    expect((await decode(c.qr_code_text)).status).toBe(200);
    expect((await http(b.app).post(`/api/v1/pix/cash-in/${c.transaction_id}/cancel`).set(merchant.auth)).status).toBe(200);
    expect(await refusedWith(c.qr_code_text)).toBe('CHARGE_NOT_PAYABLE');
  });

  it("B's client decodes A's charge the same way: each side reads the other", async () => {
    const seller = await newClient(a.app, { name: 'Maria Vendedora' });
    const created = await http(a.app).post('/api/v1/pix/cash-in/qrcode').set(seller.auth).send({ amount: '12.34', reference: 'a-1' });
    expect(created.status).toBe(200);
    const res = await http(b.app).post('/api/v1/pix/qrcode/decode').set(merchant.auth).send({ br_code: created.body.qr_code_text });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount: '12.34', txid: created.body.conciliation_id });
    expect(a.front.requests).toEqual(expect.arrayContaining([`/qr/v2/${created.body.transaction_id}`, '/qr/v2/jwks']));
  });
});
