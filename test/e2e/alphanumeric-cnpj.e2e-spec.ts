import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../src/config/app.config.js';
import { balanceOf, bankDetails, cashOut, settled } from '../support/payments.js';
import { randomAlphanumericCnpj } from '../support/documents.js';
import { http, newClient, startApp, type TestClient } from '../support/test-app.js';

/**
 * The alphanumeric CNPJ (Instrução Normativa RFB nº 2.229/2024) wherever a CNPJ is accepted: a client's
 * document, a CNPJ key, the P2P lookup, Flow 1 and Flow 2 receivers, a charge's expected payer; masked at
 * the CNPJ positions; lower case refused (docs/adr/0219-the-alphanumeric-cnpj.md).
 */
describe('the alphanumeric CNPJ (e2e)', () => {
  let app: NestExpressApplication;
  let loja: TestClient;
  let ana: TestClient;
  let lojaAccountNumber: string;

  const mask = (d: string) => `**.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-**`;

  beforeAll(async () => {
    app = await startApp({ sandboxSpiLatencyMs: 5 });
    loja = await newClient(app, { document: randomAlphanumericCnpj(), name: 'Loja Alfa' });
    ana = await newClient(app, { balance: '100.00', name: 'Ana Souza' });
    const [row] = await app.get(DataSource).query(`SELECT number FROM accounts WHERE id = $1`, [loja.accountId]);
    lojaAccountNumber = row.number;
  });

  afterAll(() => app.close());

  it('a client with an alphanumeric CNPJ is a legal person and registers it as its CNPJ key', async () => {
    expect(loja.document).toMatch(/^[0-9A-Z]{12}\d{2}$/);
    const [client] = await app.get(DataSource).query(`SELECT person_type FROM clients WHERE id = $1`, [loja.clientId]);
    expect(client.person_type).toBe('LEGAL_PERSON');

    const res = await http(app).post('/api/v1/pix/keys').set(loja.auth).send({ key_type: 'CNPJ', key_value: loja.document });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ key_type: 'CNPJ', key_value: loja.document });
  });

  it('refuses the same CNPJ key in lower case, and a wrong check digit, with 400 INVALID_PIX_KEY naming key_value', async () => {
    const d = loja.document;
    const wrong = d.slice(0, 13) + String((Number(d[13]) + 1) % 10);
    for (const key_value of [d.toLowerCase(), wrong]) {
      const res = await http(app).post('/api/v1/pix/keys').set(loja.auth).send({ key_type: 'CNPJ', key_value });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_PIX_KEY', details: [{ field: 'key_value' }] });
    }
  });

  it('the P2P lookup finds it by cnpj, masked at the CNPJ positions (conventions §10)', async () => {
    const res = await http(app).post('/api/v1/pix/p2p/lookup').set(ana.auth).send({ search_type: 'cnpj', search_value: loja.document });

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ account_id: loja.accountId, person_type: 'company', masked_document: mask(loja.document) }),
    ]);
  });

  it('Flow 1 pays it by its CNPJ key', async () => {
    const before = Number((await balanceOf(app, loja)).available_balance);
    const res = await cashOut(app, ana, { amount: '3.00', pix_key: loja.document, pix_key_type: 'CNPJ' });

    expect(res.status).toBe(200);
    expect((await settled(app, ana, res.body.transaction_id)).status).toBe('completed');
    expect(Number((await balanceOf(app, loja)).available_balance)).toBe(before + 3);
  });

  it('Flow 2 pays it by bank details with its alphanumeric receiver_document', async () => {
    const before = Number((await balanceOf(app, loja)).available_balance);
    const res = await cashOut(app, ana, {
      amount: '2.00',
      receiver_name: loja.name,
      receiver_document: loja.document,
      receiver_ispb: app.get<AppConfig>(APP_CONFIG).pspIspb,
      receiver_branch: '0001',
      receiver_account: lojaAccountNumber,
      receiver_account_type: 'payment',
    });

    expect(res.status).toBe(200);
    expect((await settled(app, ana, res.body.transaction_id)).status).toBe('completed');
    expect(Number((await balanceOf(app, loja)).available_balance)).toBe(before + 2);
  });

  it('Flow 2 to another institution takes an alphanumeric receiver_document and shows it as typed', async () => {
    const other = randomAlphanumericCnpj();
    const res = await cashOut(app, ana, { amount: '1.00', ...bankDetails, receiver_document: other });

    expect(res.status).toBe(200);
    expect(await settled(app, ana, res.body.transaction_id)).toMatchObject({ status: 'completed', receiver_document: other });
  });

  it.each([
    ['lower case', (d: string) => d.toLowerCase()],
    ['a wrong check digit', (d: string) => d.slice(0, 13) + String((Number(d[13]) + 1) % 10)],
    ['a letter in a check digit', (d: string) => `${d.slice(0, 13)}A`],
  ])('Flow 2 refuses a receiver_document in %s with 400 VALIDATION_ERROR naming it', async (_what, spoil) => {
    const res = await cashOut(app, ana, { amount: '1.00', ...bankDetails, receiver_document: spoil(randomAlphanumericCnpj()) });

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain('receiver_document');
  });

  it("a charge's expected payer may be an alphanumeric CNPJ; in lower case it is refused", async () => {
    const payer = randomAlphanumericCnpj();
    const create = (payer_document: string) =>
      http(app)
        .post('/api/v1/pix/cash-in/qrcode')
        .set(loja.auth)
        .send({ amount: '5.00', reference: `o-${payer_document}`, payer_document });

    const ok = await create(payer);
    expect(ok.status).toBe(200);
    const charge = await http(app).get(`/api/v1/pix/cash-in/${ok.body.transaction_id}`).set(loja.auth);
    expect(charge.body.data.expected_payer).toMatchObject({ document: payer });

    const lower = await create(payer.toLowerCase());
    expect(lower.status).toBe(400);
    expect(lower.body.error.details.map((d: { field: string }) => d.field)).toContain('payer_document');
  });
});
