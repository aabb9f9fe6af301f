import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { encodeBrCode } from '../../src/shared/domain/br-code/br-code.js';
import { crc16CcittFalse } from '../../src/shared/domain/br-code/crc16.js';
import { clockOf, http, newClient, startApp, type TestClient } from '../support/test-app.js';
import { balanceOf, cashOut, settled } from '../support/payments.js';

const staticCode = (pixKey: string, amount?: string) =>
  encodeBrCode({ type: 'static', pixKey, amount, merchantName: 'Joana Externa', merchantCity: 'SAO PAULO', txid: '***' });

/** Replaces the CRC so only the edited field is wrong. */
const withFreshCrc = (code: string) => {
  const body = code.slice(0, -4);
  return body + crc16CcittFalse(body);
};

describe('QR decode and Flow 3 cash-out (e2e)', () => {
  let app: NestExpressApplication;
  let c: TestClient;

  beforeAll(async () => {
    app = await startApp({ sandboxSpiLatencyMs: 5 });
    c = await newClient(app, { balance: '100.00' });
  });

  afterAll(() => app.close());

  const decode = (brCode: string, who: TestClient = c) =>
    http(app).post('/api/v1/pix/qrcode/decode').set(who.auth).send({ br_code: brCode });

  it('decodes a static QR with an amount into recipient data and a lookup end-to-end id', async () => {
    const res = await decode(staticCode('joana@example.com', '12.30'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      qr_code_type: 'static',
      pix_key: 'joana@example.com',
      amount: '12.30',
      receiver_ispb: expect.stringMatching(/^\d{8}$/),
      receiver_participant_name: expect.any(String),
      receiver_name: expect.any(String),
    });
    expect(res.body.receiver_participant_name.length).toBeGreaterThan(0);
    expect(res.body.end_to_end_id).toMatch(/^E\d{20}[A-Za-z0-9]{11}$/);
    expect(res.body.due_date).toBeUndefined();
  });

  it('pays a decoded QR with amount + X-Pix-Lookup-E2E, using the lookup end-to-end id, once', async () => {
    const lookup = (await decode(staticCode('joana@example.com', '12.30'))).body;
    const res = await cashOut(app, c, { amount: '12.30' }, { 'X-Pix-Lookup-E2E': lookup.end_to_end_id });
    expect(res.status).toBe(200);
    const done = await settled(app, c, res.body.transaction_id);
    expect(done).toMatchObject({
      status: 'completed',
      end_to_end_id: lookup.end_to_end_id,
      pix_key: 'joana@example.com',
      pix_key_type: 'email',
    });
    const again = await cashOut(app, c, { amount: '12.30' }, { 'X-Pix-Lookup-E2E': lookup.end_to_end_id });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('LOOKUP_ALREADY_USED');
  });

  it('refuses an amount different from the one the QR fixes, and lets the payer choose when it fixes none', async () => {
    const fixed = (await decode(staticCode('joana@example.com', '5.00'))).body;
    const wrong = await cashOut(app, c, { amount: '5.01' }, { 'X-Pix-Lookup-E2E': fixed.end_to_end_id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('AMOUNT_MISMATCH');
    const free = (await decode(staticCode('joana@example.com'))).body;
    expect(free.amount).toBeNull();
    const paid = await cashOut(app, c, { amount: '3.21' }, { 'X-Pix-Lookup-E2E': free.end_to_end_id });
    expect(paid.status).toBe(200);
  });

  it("refuses another client's lookup as unknown, an unknown one, and one older than 30 minutes", async () => {
    const other = await newClient(app, { balance: '10.00' });
    const mine = (await decode(staticCode('joana@example.com', '1.00'))).body;
    const stolen = await cashOut(app, other, { amount: '1.00' }, { 'X-Pix-Lookup-E2E': mine.end_to_end_id });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.code).toBe('LOOKUP_NOT_FOUND');
    const unknown = await cashOut(app, c, { amount: '1.00' }, { 'X-Pix-Lookup-E2E': 'E00000000202601010000ABCDEFGHIJK' });
    expect(unknown.body.error.code).toBe('LOOKUP_NOT_FOUND');
    const longAgo = new Date(clockOf(app).now().getTime() - 31 * 60_000);
    await app.get(DataSource).query('UPDATE qr_lookups SET created_at = $2 WHERE end_to_end_id = $1', [mine.end_to_end_id, longAgo]);
    const late = await cashOut(app, c, { amount: '1.00' }, { 'X-Pix-Lookup-E2E': mine.end_to_end_id });
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('LOOKUP_EXPIRED');
  });

  it('a failed Flow 3 request leaves the lookup usable and the balance untouched', async () => {
    const poor = await newClient(app, { balance: '1.00' });
    const lookup = (await decode(staticCode('joana@example.com', '2.00'), poor)).body;
    const refused = await cashOut(app, poor, { amount: '2.00' }, { 'X-Pix-Lookup-E2E': lookup.end_to_end_id });
    expect(refused.body.error.code).toBe('INSUFFICIENT_FUNDS');
    expect((await balanceOf(app, poor)).available_balance).toBe('1.00');
    await http(app).post('/api/v1/sandbox/deposits').set(poor.auth).send({ amount: '5.00' });
    const ok = await cashOut(app, poor, { amount: '2.00' }, { 'X-Pix-Lookup-E2E': lookup.end_to_end_id });
    expect(ok.status).toBe(200);
  });

  it.each([
    ['a corrupted CRC', () => staticCode('joana@example.com', '1.00').slice(0, -4) + '0000', '63'],
    ['a wrong currency', () => withFreshCrc(staticCode('joana@example.com').replace('5303986', '5303840')), '53'],
    ['garbage', () => 'hello world', 'br_code'],
  ])('400 INVALID_BR_CODE for %s, naming the field', async (_label, make, field) => {
    const res = await decode(make());
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_BR_CODE');
    expect(JSON.stringify(res.body.error)).toContain(field);
  });

  // A static code's 62-05 travels into the payment and the receiver's statement, so it is read as the scheme
  // writes it, `***` or 1-25 letters and digits (docs/adr/0240-a-static-txid-is-read-as-the-scheme-writes-it.md):
  // a spreadsheet formula, and the hyphen of the Central Bank's BR Code manual example, are refused naming 62.05.
  it.each([
    ['a spreadsheet formula', "=cmd|'/c calc'!A1"],
    ['the hyphen of the BR Code manual example', 'RP12345678-2019'],
  ])('400 INVALID_BR_CODE for a static txid with %s, naming 62.05, and nothing is stored', async (_label, txid) => {
    const code = withFreshCrc(
      staticCode('joana@example.com', '1.00').replace(
        /62070503\*\*\*6304[0-9A-F]{4}$/,
        `62${String(txid.length + 4).padStart(2, '0')}05${String(txid.length).padStart(2, '0')}${txid}63040000`,
      ),
    );
    expect(code).toContain(txid);
    const res = await decode(code);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'INVALID_BR_CODE',
      details: [
        { field: 'br_code', issue: expect.stringContaining('62.05 (Reference Label (txid)) must be "***" or 1 to 25 letters and digits') },
      ],
    });
    const stored = await app
      .get(DataSource)
      .query(`SELECT 1 FROM qr_lookups WHERE client_id = $1 AND result->>'txid' = $2`, [c.clientId, txid]);
    expect(stored).toEqual([]);
  });

  it('decodes the BR Code manual static example written with a txid of letters and digits (other arrangements beside Pix)', async () => {
    const body =
      '00020104141234567890123426580014BR.GOV.BCB.PIX0136123e4567-e12b-12d1-a456-42665544000027300012BR.COM.OUTRO' +
      '011001234567895204000053039865406123.455802BR5917NOME DO RECEBEDOR6008BRASILIA61087007490062180514RP123456782019' +
      '80390012BR.COM.OUTRO01190123.ABCD.3456.WXYZ6304';
    const res = await decode(body + crc16CcittFalse(body));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      qr_code_type: 'static',
      pix_key: '123e4567-e12b-12d1-a456-426655440000',
      amount: '123.45',
    });
    expect(res.body.end_to_end_id).toMatch(/^E\d{20}[A-Za-z0-9]{11}$/);
  });

  it("reads another institution's dynamic QR whose 62-05 is a 25-digit reference, then cannot fetch it", async () => {
    // From the redacted examples of financial institutions in stone-payments/ex-pix-brcode's decoder tests.
    const code =
      '00020101021226820014br.gov.bcb.pix2560exemplodeurl.com/pix/v2/11111111-1111-1111-1111-111111111111' +
      '52040000530398654045.805802BR5925TESTE DO TESTE DO TESTEIE6014RIO DE JANEIRO' +
      '622905251111111111111111111111111630449F9';
    const res = await decode(code);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('QR_PAYLOAD_UNAVAILABLE');
  });

  it('400 PIX_KEY_NOT_FOUND for a static QR whose key the directory does not know', async () => {
    const res = await decode(staticCode('notfound@example.com'));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('PIX_KEY_NOT_FOUND');
  });

  it('400 QR_PAYLOAD_UNAVAILABLE for a dynamic QR whose URL cannot be fetched', async () => {
    const code = encodeBrCode({
      type: 'dynamic',
      url: 'pix.example.com/qr/v2/abc',
      merchantName: 'Loja',
      merchantCity: 'RIO',
    });
    const res = await decode(code);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('QR_PAYLOAD_UNAVAILABLE');
  });

  it('403 without pix:cashout:write', async () => {
    const reader = await newClient(app, { scopes: ['pix:cashout:read'] });
    expect((await decode(staticCode('joana@example.com'), reader)).status).toBe(403);
  });
});
