import type { NestExpressApplication } from '@nestjs/platform-express';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { DataSource } from 'typeorm';
import { encodeBrCode, parseBrCode } from '../../src/shared/domain/br-code/br-code.js';
import { cashOut, settled } from '../support/payments.js';
import { http, newClient, startApp, type TestClient } from '../support/test-app.js';

/** The text a QR image (PNG data URI) encodes, read back with jsQR. */
function readQrImage(dataUri: string): string | null {
  const png = PNG.sync.read(Buffer.from(dataUri.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

// docs/adr/0213-static-codes-for-own-keys.md, docs/adr/0212-spi-orders-carry-what-pacs-messages-carry.md
describe('Static QR codes for your own keys: made, paid on-us with their txid, and the SPI order (e2e)', () => {
  let app: NestExpressApplication;
  let payer: TestClient;
  let merchant: TestClient;
  let merchantKey: string;

  beforeAll(async () => {
    app = await startApp({ sandboxSpiLatencyMs: 5 });
    payer = await newClient(app, { balance: '500.00', name: 'Ana Pagadora' });
    merchant = await newClient(app, { legal: true, name: 'Loja Beta Ltda' });
    const key = await http(app).post('/api/v1/pix/keys').set(merchant.auth).send({ key_type: 'EVP' });
    expect(key.status).toBe(200);
    merchantKey = key.body.data.key_value;
  });

  afterAll(() => app.close());

  const make = (c: TestClient, body: object) => http(app).post('/api/v1/pix/cash-in/static-qrcode').set(c.auth).send(body);
  const db = () => app.get(DataSource);

  it("makes a code for the merchant's key, the payer decodes and pays it (Flow 3), and the txid reaches the credit, the statement and cash_in.completed", async () => {
    const res = await make(merchant, { pix_key: merchantKey, amount: '42.50', txid: 'PEDIDO2026000042', description: 'Pedido 42' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      pix_key: merchantKey,
      amount: '42.50',
      txid: 'PEDIDO2026000042',
      description: 'Pedido 42',
    });
    // The image draws the same text; the text is a static code the strict parser reads back.
    expect(readQrImage(res.body.qr_code)).toBe(res.body.qr_code_text);
    expect(parseBrCode(res.body.qr_code_text)).toMatchObject({
      type: 'static',
      pixKey: merchantKey,
      amount: '42.50',
      txid: 'PEDIDO2026000042',
      additionalInfo: 'Pedido 42',
      merchantName: 'Loja Beta Ltda',
    });

    const decoded = await http(app).post('/api/v1/pix/qrcode/decode').set(payer.auth).send({ br_code: res.body.qr_code_text });
    expect(decoded.status).toBe(200);
    expect(decoded.body).toMatchObject({ qr_code_type: 'static', pix_key: merchantKey, amount: '42.50' });
    const paid = await cashOut(
      app,
      payer,
      { amount: '42.50', description: 'obrigado' },
      { 'X-Pix-Lookup-E2E': decoded.body.end_to_end_id },
    );
    expect(paid.status).toBe(200);
    const done = await settled(app, payer, paid.body.transaction_id);
    expect(done.status).toBe('completed');
    const endToEndId = decoded.body.end_to_end_id as string;

    // The merchant's statement row: a completed cash_in with the code's txid and the payer's message.
    const list = await http(app).get('/api/v1/transactions').query({ type: 'cash_in' }).set(merchant.auth);
    const row = (list.body.data.transactions as { e2e: string }[]).find((t) => t.e2e === endToEndId);
    expect(row).toMatchObject({ type: 'cash_in', status: 'completed', amount: '42.50', txid: 'PEDIDO2026000042', description: 'obrigado' });
    // The payer's cash_out carries it too.
    const own = await http(app).get('/api/v1/transactions').query({ type: 'cash_out' }).set(payer.auth);
    expect((own.body.data.transactions as { e2e: string }[]).find((t) => t.e2e === endToEndId)).toMatchObject({ txid: 'PEDIDO2026000042' });

    // cash_in.completed, the webhook event, has it (written in the settlement's commit, which \`settled\` waited for).
    const events: { payload: Record<string, unknown> }[] = await db().query(
      `SELECT payload FROM outbox_messages WHERE event_type = 'cash_in.completed' AND client_id = $1 AND payload->>'end_to_end_id' = $2`,
      [merchant.clientId, endToEndId],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ amount: '42.50', txid: 'PEDIDO2026000042', conciliation_id: null });
    // On-us: no SPI order.
    expect(await db().query(`SELECT 1 FROM sandbox_spi_orders WHERE end_to_end_id = $1`, [endToEndId])).toEqual([]);
  });

  it('a code without txid carries *** and its payment no txid', async () => {
    const res = await make(merchant, { pix_key: merchantKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount: null, txid: null, description: null });
    expect(parseBrCode(res.body.qr_code_text)).toMatchObject({ txid: '***' });
    const decoded = await http(app).post('/api/v1/pix/qrcode/decode').set(payer.auth).send({ br_code: res.body.qr_code_text });
    const paid = await cashOut(app, payer, { amount: '3.00' }, { 'X-Pix-Lookup-E2E': decoded.body.end_to_end_id });
    expect((await settled(app, payer, paid.body.transaction_id)).status).toBe('completed');
    const list = await http(app).get('/api/v1/transactions').query({ type: 'cash_in' }).set(merchant.auth);
    expect((list.body.data.transactions as { e2e: string }[]).find((t) => t.e2e === decoded.body.end_to_end_id)).toMatchObject({
      txid: null,
    });
  });

  it("refuses another client's key as not registered (404), and a key nobody holds alike", async () => {
    for (const pix_key of [merchantKey, 'ninguem@example.com']) {
      const res = await make(payer, { pix_key });
      expect(res.status).toBe(404); // conventions §1: another client's resource is answered as a missing one
      expect(res.body.error.code).toBe('PIX_KEY_NOT_REGISTERED');
    }
  });

  it('refuses a txid too long or with symbols, and an invalid amount, naming the field (400)', async () => {
    const cases: [object, string][] = [
      [{ txid: 'A'.repeat(26) }, 'txid'],
      [{ txid: 'PED-42' }, 'txid'],
      [{ txid: '***' }, 'txid'],
      [{ amount: '0.00' }, 'amount'],
      [{ amount: '1e3' }, 'amount'],
      [{ amount: 10 }, 'amount'],
      [{ amount: '12345678901.00' }, 'amount'],
      [{ description: 'x'.repeat(38) }, 'description'],
    ];
    for (const [extra, field] of cases) {
      const res = await make(merchant, { pix_key: merchantKey, ...extra });
      expect({ field, status: res.status, code: res.body.error?.code }).toEqual({ field, status: 400, code: 'VALIDATION_ERROR' });
      expect((res.body.error.details as { field: string }[]).map((d) => d.field)).toContain(field);
    }
  });

  it("paying another institution's static code: the SPI order keeps QRES, the key, the txid and the payer's message", async () => {
    const code = encodeBrCode({
      type: 'static',
      pixKey: 'loja.externa@example.com',
      merchantName: 'Loja Externa',
      merchantCity: 'CURITIBA',
      txid: 'EXT2026000007',
      amount: '15.00',
    });
    const decoded = await http(app).post('/api/v1/pix/qrcode/decode').set(payer.auth).send({ br_code: code });
    expect(decoded.status).toBe(200);
    const paid = await cashOut(app, payer, { amount: '15.00', description: 'mesa 7' }, { 'X-Pix-Lookup-E2E': decoded.body.end_to_end_id });
    expect((await settled(app, payer, paid.body.transaction_id)).status).toBe('completed');
    const [order] = await db().query(
      `SELECT initiation_type, pix_key, txid, remittance_information, original_end_to_end_id FROM sandbox_spi_orders WHERE end_to_end_id = $1`,
      [decoded.body.end_to_end_id],
    );
    expect(order).toEqual({
      initiation_type: 'QRES',
      pix_key: 'loja.externa@example.com',
      txid: 'EXT2026000007',
      remittance_information: 'mesa 7',
      original_end_to_end_id: null,
    });
  });

  it('paying by key and by bank details: DICT with the key, MANU without one', async () => {
    const byKey = await cashOut(app, payer, { amount: '2.00', pix_key: 'joana.externa@example.com', pix_key_type: 'EMAIL' });
    expect(byKey.status).toBe(200);
    const byBank = await cashOut(app, payer, {
      amount: '2.00',
      receiver_name: 'Joana Externa',
      receiver_document: '52998224725',
      receiver_ispb: '00000000',
      receiver_branch: '1234',
      receiver_account: '5678901',
      receiver_account_type: 'checking',
    });
    expect(byBank.status).toBe(200);
    const orders = [];
    for (const res of [byKey, byBank]) {
      const done = await settled(app, payer, res.body.transaction_id);
      const [order] = await db().query(`SELECT initiation_type, pix_key, txid FROM sandbox_spi_orders WHERE end_to_end_id = $1`, [
        done.end_to_end_id,
      ]);
      orders.push(order);
    }
    expect(orders).toEqual([
      { initiation_type: 'DICT', pix_key: 'joana.externa@example.com', txid: null },
      { initiation_type: 'MANU', pix_key: null, txid: null },
    ]);
  });
});
