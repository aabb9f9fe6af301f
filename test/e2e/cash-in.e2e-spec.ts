import type { NestExpressApplication } from '@nestjs/platform-express';
import jsQR from 'jsqr';
import { hasError, isDynamicPix, parsePix } from 'pix-utils';
import { PNG } from 'pngjs';
import { DataSource } from 'typeorm';
import { DueDateDiscountModes1764208214000 } from '../../src/database/migrations/1764208214000-due-date-discount-modes.js';
import { ChargeExpiryScheduler } from '../../src/modules/cash-in/infrastructure/queue/charge-expiry.scheduler.js';
import { encodeBrCode, parseBrCode } from '../../src/shared/domain/br-code/br-code.js';
import { balanceOf, cashOut, ledgerOps, outboxTypes, settled } from '../support/payments.js';
import { clockOf, DAYTIME, http, newAdmin, newClient, startApp, type TestClient } from '../support/test-app.js';

const TXID = /^[A-Za-z0-9]{26,35}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The text a QR image (PNG data URI) encodes, read back with jsQR. */
function readQrImage(dataUri: string): string | null {
  const png = PNG.sync.read(Buffer.from(dataUri.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe('Cash-in charges (e2e)', () => {
  let app: NestExpressApplication;
  let merchant: TestClient;
  let payer: TestClient;
  let other: TestClient;

  const registerKey = (c: TestClient) => http(app).post('/api/v1/pix/keys').set(c.auth).send({ key_type: 'EVP' });
  const create = (c: TestClient, body: object, headers: Record<string, string> = {}) =>
    http(app).post('/api/v1/pix/cash-in/qrcode').set(c.auth).set(headers).send(body);
  const status = (c: TestClient, id: string) => http(app).get(`/api/v1/pix/cash-in/${id}`).set(c.auth);
  const cancel = (c: TestClient, id: string) => http(app).post(`/api/v1/pix/cash-in/${id}/cancel`).set(c.auth);
  const pay = (c: TestClient, id: string, body: object = {}) => http(app).post(`/api/v1/sandbox/cash-in/${id}/pay`).set(c.auth).send(body);
  const decode = (c: TestClient, brCode: string) => http(app).post('/api/v1/pix/qrcode/decode').set(c.auth).send({ br_code: brCode });
  const charge = async (body: object = {}, c: TestClient = merchant) => {
    const res = await create(c, { amount: '42.00', reference: 'order-1', ...body });
    if (res.status !== 200) throw new Error(`charge creation failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { transaction_id: string; conciliation_id: string; qr_code_text: string; qr_code: string; expires_at: string };
  };

  beforeAll(async () => {
    app = await startApp({ sandboxSpiLatencyMs: 5 });
    merchant = await newClient(app, { legal: true, name: 'Padaria Pao Quente Ltda' });
    payer = await newClient(app, { balance: '1000.00' });
    other = await newClient(app);
    expect((await registerKey(merchant)).status).toBe(200);
  });

  beforeEach(() => clockOf(app).set(DAYTIME));

  afterAll(() => app.close());

  describe('creating a charge', () => {
    it('answers the spec result: txid, pending, a dynamic BR Code under PIX_QR_BASE_URL and its PNG', async () => {
      const res = await create(merchant, { amount: '42.00', reference: 'order-42', description: 'Pedido 42', metadata: { order: 42 } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        conciliation_id: expect.stringMatching(TXID),
        transaction_id: expect.stringMatching(UUID),
        status: 'pending',
        qr_code: expect.stringMatching(/^data:image\/png;base64,/),
        qr_code_text: expect.any(String),
        expires_at: expect.any(String),
        registry_document_id: `sandbox-${res.body.conciliation_id}`,
        message: 'Charge created',
        metadata: { order: 42 },
        provider: 'sandbox',
      });
      // The clock runs from DAYTIME: the charge expires 3600 s after it was made.
      const lifetime = Date.parse(res.body.expires_at) - DAYTIME.getTime();
      expect(lifetime).toBeGreaterThanOrEqual(3600_000);
      expect(lifetime).toBeLessThan(3660_000);
      const parsed = parseBrCode(res.body.qr_code_text);
      expect(parsed).toMatchObject({
        type: 'dynamic',
        url: `pix.sandbox.local/qr/v2/${res.body.transaction_id}`,
        amount: '42.00',
        // The BR Code manual: a dynamic code writes `***` in 62-05; its txid travels in the payload.
        txid: '***',
        merchantName: 'Padaria Pao Quente Ltda',
        merchantCity: 'SAO PAULO',
      });
    });

    it('writes codes an independent parser (pix-utils) reads the same, and a PNG that decodes to exactly the text', async () => {
      // API Pix: a due-date charge's location is `cobv/{pixUrlAccessToken}` (docs/adr/0205-payload-location.md).
      for (const [body, location] of [
        [{ amount: '0.01' }, ''],
        [{ amount: '9999999.99', description: 'Grande' }, ''],
        [{ amount: '10.00', due_date: '2026-03-20' }, 'cobv/'],
      ] as const) {
        const c = await charge(body);
        const theirs = parsePix(c.qr_code_text);
        if (hasError(theirs) || !isDynamicPix(theirs)) throw new Error(`pix-utils refused ${c.qr_code_text}`);
        expect(theirs.url).toBe(`pix.sandbox.local/qr/v2/${location}${c.transaction_id}`);
        expect(theirs.merchantName).toBe('Padaria Pao Quente Ltda');
        expect(theirs.merchantCity).toBe('SAO PAULO');
        expect(readQrImage(c.qr_code)).toBe(c.qr_code_text);
      }
    });

    it('records a pending cash_in transaction that does not count towards pix_in usage until paid', async () => {
      const c = await charge({ amount: '13.00', reference: 'stmt-1' });
      const tx = await http(app).get(`/api/v1/transactions/${c.transaction_id}`).set(merchant.auth);
      expect(tx.status).toBe(200);
      expect(tx.body.data).toMatchObject({ type: 'cash_in', status: 'pending', amount: '13.00', reference: 'stmt-1' });
    });

    // docs/conventions.md §9: a client that registered no Pix key can create charges all the same.
    it('gives a client with no Pix key an EVP key at its first charge, registered like any key, and reuses it', async () => {
      const fresh = await newClient(app);
      const keysOf = async () =>
        (await http(app).get('/api/v1/pix/keys').set(fresh.auth)).body.data as { key_type: string; key_value: string }[];
      expect(await keysOf()).toEqual([]);
      const first = await create(fresh, { amount: '1.00', reference: 'first' });
      expect(first.status).toBe(200);
      const keys = await keysOf();
      expect(keys).toEqual([expect.objectContaining({ key_type: 'EVP', key_value: expect.stringMatching(UUID) })]);
      expect(parseBrCode(first.body.qr_code_text)).toMatchObject({ type: 'dynamic' });
      // Announced like any registration, and the charge names it.
      const [{ n }] = await app
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM outbox_messages WHERE event_type = 'key.registered' AND client_id = $1`, [fresh.clientId]);
      expect(n).toBe(1);
      const decoded = await decode(payer, first.body.qr_code_text);
      expect(decoded.body.pix_key).toBe(keys[0]!.key_value);
      // Another client pays it through Flow 3, as any charge.
      const sent = await cashOut(app, payer, { amount: '1.00' }, { 'X-Pix-Lookup-E2E': decoded.body.end_to_end_id });
      expect(sent.status).toBe(200);
      expect(await settled(app, payer, sent.body.transaction_id)).toMatchObject({ status: 'completed' });
      expect((await status(fresh, first.body.transaction_id)).body.data).toMatchObject({ status: 'completed', paid_amount: '1.00' });
      // The next charges, also two at once, reuse it.
      const more = await Promise.all([
        create(fresh, { amount: '2.00', reference: 'b' }),
        create(fresh, { amount: '3.00', reference: 'c' }),
      ]);
      expect(more.map((r) => r.status)).toEqual([200, 200]);
      expect(await keysOf()).toEqual(keys);
    });

    it('two concurrent first charges of a keyless account register one key between them', async () => {
      const fresh = await newClient(app);
      const both = await Promise.all([
        create(fresh, { amount: '1.00', reference: 'a' }),
        create(fresh, { amount: '1.00', reference: 'b' }),
      ]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      const keys = (await http(app).get('/api/v1/pix/keys').set(fresh.auth)).body.data as { key_value: string }[];
      expect(keys).toHaveLength(1);
      const named = await Promise.all(both.map(async (r) => (await decode(payer, r.body.qr_code_text)).body.pix_key));
      expect(named).toEqual([keys[0]!.key_value, keys[0]!.key_value]);
    });

    it("the key counts in the account's limit: four more keys fill a natural person's five", async () => {
      const fresh = await newClient(app);
      expect((await create(fresh, { amount: '1.00', reference: 'a' })).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await registerKey(fresh)).status).toBe(200);
      const sixth = await registerKey(fresh);
      expect(sixth.status).toBe(400);
      expect(sixth.body.error.code).toBe('KEY_LIMIT_REACHED');
    });

    it.each([
      ['three decimals', { amount: '1.001', reference: 'r' }, 'amount'],
      ['zero', { amount: '0.00', reference: 'r' }, 'amount'],
      ['a number', { amount: 10, reference: 'r' }, 'amount'],
      ['no reference', { amount: '1.00' }, 'reference'],
      ['an unknown field', { amount: '1.00', reference: 'r', colour: 'red' }, 'colour'],
      [
        'an unknown sub-field',
        { amount: '1.00', reference: 'r', due_date: '2026-03-20', penalty: { mode: 1, value: '1.00', x: 1 } },
        'penalty.x',
      ],
      ['a due_date in the past', { amount: '1.00', reference: 'r', due_date: '2026-03-09' }, 'due_date'],
      ['a due_date that is no date', { amount: '1.00', reference: 'r', due_date: '2026-02-30' }, 'due_date'],
      ['penalty without due_date', { amount: '1.00', reference: 'r', penalty: { mode: 2, value: '2.00' } }, 'penalty'],
      [
        'expiration_time on a due-date charge',
        { amount: '1.00', reference: 'r', due_date: '2026-03-20', expiration_time: 600 },
        'expiration_time',
      ],
      // docs/conventions.md §9 (the interface decisions): "any positive number of seconds" (the spec's type is integer): 0, negatives and fractions are not.
      ['expiration_time of 0', { amount: '1.00', reference: 'r', expiration_time: 0 }, 'expiration_time'],
      ['a negative expiration_time', { amount: '1.00', reference: 'r', expiration_time: -5 }, 'expiration_time'],
      ['a fractional expiration_time', { amount: '1.00', reference: 'r', expiration_time: 1.5 }, 'expiration_time'],
      // Our documented maximum (docs/adr/0103-charge-expiry-bounds.md): 30 days.
      ['expiration_time past 30 days', { amount: '1.00', reference: 'r', expiration_time: 30 * 86_400 + 1 }, 'expiration_time'],
      [
        'a payer_document with wrong check digits',
        { amount: '1.00', reference: 'r', payer_name: 'Ana', payer_document: '12345678901' },
        'payer_document',
      ],
      [
        'a discount of mode 1 without fixed_dates',
        { amount: '10.00', reference: 'r', due_date: '2026-03-20', discount: { mode: 1, value: '1.00' } },
        'discount',
      ],
      [
        'a fixed-date discount after the due date',
        {
          amount: '10.00',
          reference: 'r',
          due_date: '2026-03-20',
          discount: { mode: 1, fixed_dates: [{ date: '2026-03-21', value: '1.00' }] },
        },
        'discount.fixed_dates[0].date',
      ],
      [
        'a rebate of the whole amount',
        { amount: '10.00', reference: 'r', due_date: '2026-03-20', rebate: { mode: 1, value: '10.00' } },
        'rebate.value',
      ],
      [
        'discount mode 7 (API Pix defines 1 to 6)',
        { amount: '10.00', reference: 'r', due_date: '2026-03-20', discount: { mode: 7, value: '1.00' } },
        'discount.mode',
      ],
      [
        'a discount in BRL per business day (mode 4) with 3 decimals',
        { amount: '10.00', reference: 'r', due_date: '2026-03-20', discount: { mode: 4, value: '0.105' } },
        'discount.value',
      ],
      [
        'interest mode 5',
        { amount: '10.00', reference: 'r', due_date: '2026-03-20', interest: { mode: 5, value: '1.00' } },
        'interest.mode',
      ],
    ])('refuses %s with 400 naming the field', async (_what, body, field) => {
      const res = await create(merchant, body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(['VALIDATION_ERROR', 'AMOUNT_TOO_LARGE']).toContain(res.body.error.code);
      expect(JSON.stringify(res.body.error)).toContain(field);
    });

    it('is safe to retry with X-Idempotency-Key: one charge, the same answer replayed; another body is 422', async () => {
      const key = '7b0e2a4c-1d3f-4e5a-9b8c-0d1e2f3a4b5c';
      const body = { amount: '5.00', reference: 'idem-1' };
      const first = await create(merchant, body, { 'X-Idempotency-Key': key });
      const again = await create(merchant, body, { 'X-Idempotency-Key': key });
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      const [{ n }] = await app.get(DataSource).query(`SELECT count(*)::int AS n FROM cash_in_charges WHERE reference = 'idem-1'`);
      expect(n).toBe(1);
      const other = await create(merchant, { ...body, amount: '6.00' }, { 'X-Idempotency-Key': key });
      expect(other.status).toBe(422);
      expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    });
  });

  describe('API-key authentication (create and cancel only)', () => {
    const withKey = (c: TestClient) => ({ 'x-key-id': c.keyId, 'x-secret-key': c.secret });

    it('creates and cancels with the x-key-id / x-secret-key pair in place of a bearer token', async () => {
      const created = await http(app)
        .post('/api/v1/pix/cash-in/qrcode')
        .set(withKey(merchant))
        .send({ amount: '3.00', reference: 'by-key' });
      expect(created.status).toBe(200);
      const cancelled = await http(app).post(`/api/v1/pix/cash-in/${created.body.transaction_id}/cancel`).set(withKey(merchant));
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toEqual({ success: true, message: 'Charge cancelled' });
    });

    it('refuses a wrong secret or a missing half (401 INVALID_CREDENTIALS), and the pair elsewhere (401)', async () => {
      const wrong = await http(app)
        .post('/api/v1/pix/cash-in/qrcode')
        .set({ 'x-key-id': merchant.keyId, 'x-secret-key': 'not-the-secret' })
        .send({ amount: '3.00', reference: 'r' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
      const half = await http(app)
        .post('/api/v1/pix/cash-in/qrcode')
        .set({ 'x-key-id': merchant.keyId })
        .send({ amount: '3.00', reference: 'r' });
      expect(half.status).toBe(401);
      expect(half.body.error.code).toBe('INVALID_CREDENTIALS');
      const c = await charge();
      const read = await http(app).get(`/api/v1/pix/cash-in/${c.transaction_id}`).set(withKey(merchant));
      expect(read.status).toBe(401);
    });

    it('refuses a key without pix:cashin:write (403 INSUFFICIENT_SCOPE)', async () => {
      const narrow = await newClient(app, { scopes: ['pix:balance:read'] });
      const res = await http(app).post('/api/v1/pix/cash-in/qrcode').set(withKey(narrow)).send({ amount: '3.00', reference: 'r' });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('INSUFFICIENT_SCOPE');
    });
  });

  describe('optional fields the spec lists, and only the Pix rules refuse', () => {
    const details = async (body: object) => {
      const res = await create(merchant, { amount: '50.00', reference: 'fields', ...body });
      expect(res.status).toBe(200);
      return (await status(merchant, res.body.transaction_id)).body.data;
    };

    // The spec: payer_name and payer_document are each optional; neither needs the other.
    it('accepts payer_document without payer_name, and payer_name without payer_document', async () => {
      expect((await details({ payer_document: '52998224725' })).expected_payer).toEqual({ name: null, document: '52998224725' });
      expect((await details({ payer_name: 'Ana Lima' })).expected_payer).toEqual({ name: 'Ana Lima', document: null });
    });

    it('accepts a Pix Saque (withdraw_amount = amount) and a Pix Troco (change_amount < amount), kept under details', async () => {
      expect((await details({ withdraw_amount: '50.00', withdraw_agent_mode: 3 })).details).toEqual({
        withdraw_amount: '50.00',
        withdraw_agent_mode: 3,
      });
      expect((await details({ change_amount: '49.99', change_agent_mode: 'AGTEC' })).details).toEqual({
        change_amount: '49.99',
        change_agent_mode: 'AGTEC',
      });
    });

    // Each refusal is a rule of API Pix (docs/adr/0112-charge-fields-and-the-pix-rules.md).
    it.each([
      [
        'a Saque whose cash is not the amount paid (valor.original of a saque is 0.00)',
        { withdraw_amount: '40.00', withdraw_agent_mode: 1 },
        'withdraw_amount',
      ],
      [
        'a Troco with no purchase left (valor.original of a troco is above 0.00)',
        { change_amount: '50.00', change_agent_mode: 'AGTEC' },
        'change_amount',
      ],
      ['a Troco over the amount', { change_amount: '60.00', change_agent_mode: 'AGTEC' }, 'change_amount'],
      [
        'Saque and Troco together (one retirada at a time)',
        { withdraw_amount: '50.00', withdraw_agent_mode: 1, change_amount: '1.00', change_agent_mode: 'AGTEC' },
        'change_amount',
      ],
      ['a Saque without its agent mode (modalidadeAgente is mandatory)', { withdraw_amount: '50.00' }, 'withdraw_agent_mode'],
      [
        'a Troco on a due-date charge (a cobv has no retirada)',
        { due_date: '2026-03-20', change_amount: '1.00', change_agent_mode: 'AGTEC' },
        'change_amount',
      ],
    ])('refuses %s', async (_what, body, field) => {
      const res = await create(merchant, { amount: '50.00', reference: 'fields', ...body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    });
  });

  describe('status, cancel and expiry', () => {
    it('reads the status record; another client gets 404', async () => {
      const c = await charge({ amount: '7.00', payer_name: 'Ana Lima', payer_document: '52998224725', receiver_state: 'SP' });
      const res = await status(merchant, c.transaction_id);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        transaction_id: c.transaction_id,
        conciliation_id: c.conciliation_id,
        status: 'pending',
        amount: '7.00',
        paid_amount: null,
        end_to_end_id: null,
        payer: null,
        expected_payer: { name: 'Ana Lima', document: '52998224725' },
        qr_code_text: c.qr_code_text,
        expires_at: c.expires_at,
        paid_at: null,
        cancelled_at: null,
        due_date: null,
        details: { receiver_state: 'SP' },
      });
      expect((await status(other, c.transaction_id)).status).toBe(404);
      expect((await cancel(other, c.transaction_id)).status).toBe(404);
      expect((await pay(other, c.transaction_id)).status).toBe(404);
    });

    it('cancels only a pending charge, once, with its event; a cancelled charge cannot be paid', async () => {
      const c = await charge();
      expect((await cancel(merchant, c.transaction_id)).status).toBe(200);
      const again = await cancel(merchant, c.transaction_id);
      expect(again.status).toBe(400);
      expect(again.body.error.code).toBe('CHARGE_NOT_PENDING');
      expect((await status(merchant, c.transaction_id)).body.data).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(String) });
      expect(await outboxTypes(app, c.transaction_id)).toEqual(['cash_in.cancelled']);
      const paid = await pay(merchant, c.transaction_id);
      expect(paid.status).toBe(400);
      expect(paid.body.error.code).toBe('CHARGE_NOT_PAYABLE');
      const tx = await http(app).get(`/api/v1/transactions/${c.transaction_id}`).set(merchant.auth);
      expect(tx.body.data.status).toBe('cancelled');
    });

    it('expires a charge read after expires_at, once; it can then be neither paid nor cancelled', async () => {
      const c = await charge({ expiration_time: 60 });
      clockOf(app).set(new Date(c.expires_at));
      const read = await status(merchant, c.transaction_id);
      expect(read.body.data).toMatchObject({ status: 'expired', expired_at: expect.any(String) });
      expect(Date.parse(read.body.data.expired_at)).toBeGreaterThanOrEqual(Date.parse(c.expires_at));
      await status(merchant, c.transaction_id);
      expect(await outboxTypes(app, c.transaction_id)).toEqual(['cash_in.expired']);
      const paid = await pay(merchant, c.transaction_id);
      expect(paid.status).toBe(400);
      expect(paid.body.error.code).toBe('QR_CODE_EXPIRED');
      expect((await cancel(merchant, c.transaction_id)).body.error.code).toBe('CHARGE_NOT_PENDING');
    });

    it('accepts a one-second expiration_time (conventions §9: any positive number of seconds) and expires the charge then', async () => {
      const c = await charge({ expiration_time: 1 });
      const lifetime = Date.parse(c.expires_at) - DAYTIME.getTime();
      expect(lifetime).toBeGreaterThanOrEqual(1_000);
      expect(lifetime).toBeLessThan(60_000);
      // Read back at a moment before expires_at (the test clock runs at real speed from where it is set).
      clockOf(app).set(new Date(Date.parse(c.expires_at) - 900));
      expect((await status(merchant, c.transaction_id)).body.data.status).toBe('pending');
      clockOf(app).set(new Date(c.expires_at));
      expect((await status(merchant, c.transaction_id)).body.data.status).toBe('expired');
    });

    it('a charge is payable until just before expires_at', async () => {
      const c = await charge({ expiration_time: 60 });
      clockOf(app).set(new Date(Date.parse(c.expires_at) - 5_000));
      expect((await pay(merchant, c.transaction_id)).status).toBe(200);
    });

    it('the worker sweep expires lapsed charges (and only those), each once, even with two sweepers at once', async () => {
      const lapsed = await Promise.all([charge({ expiration_time: 60 }), charge({ expiration_time: 60 }), charge({ expiration_time: 60 })]);
      const alive = await charge({ expiration_time: 3600 });
      const sweeper = app.get(ChargeExpiryScheduler);
      const at = new Date(Date.parse(lapsed[2]!.expires_at) + 1_000);
      const [a, b] = await Promise.all([sweeper.sweepOnce(at), sweeper.sweepOnce(at)]);
      expect(a + b).toBeGreaterThanOrEqual(3);
      for (const c of lapsed) {
        expect(await outboxTypes(app, c.transaction_id)).toEqual(['cash_in.expired']);
        expect((await status(merchant, c.transaction_id)).body.data.status).toBe('expired');
      }
      expect((await status(merchant, alive.transaction_id)).body.data.status).toBe('pending');
    });
  });

  describe('being paid (sandbox external payer)', () => {
    it('credits the merchant once, completing the charge and its cash_in with payer data and an end-to-end id', async () => {
      const before = await balanceOf(app, merchant);
      const c = await charge({ amount: '25.00' });
      const res = await pay(merchant, c.transaction_id, { payer: { name: 'Joao Pagador', document: '52998224725' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        transaction_id: c.transaction_id,
        end_to_end_id: expect.stringMatching(/^E00000000\d{12}[A-Za-z0-9]{11}$/),
        amount: '25.00',
        fee: '0.00',
        status: 'completed',
      });
      const after = await balanceOf(app, merchant);
      expect(Number(after.available_balance) - Number(before.available_balance)).toBeCloseTo(25, 6);
      const s = (await status(merchant, c.transaction_id)).body.data;
      expect(s).toMatchObject({
        status: 'completed',
        paid_amount: '25.00',
        end_to_end_id: res.body.data.end_to_end_id,
        // The payer with their institution (the sandbox's default, 00000000 on the list); the document masked,
        // as a payer from another institution is shown to the receiver (docs/adr/0225-the-payer-on-every-credit.md).
        payer: { name: 'Joao Pagador', document: '***.982.247-**', ispb: '00000000', institution_name: 'BCO DO BRASIL S.A.' },
        paid_at: expect.any(String),
      });
      const tx = (await http(app).get(`/api/v1/transactions/${c.transaction_id}`).set(merchant.auth)).body.data;
      expect(tx).toMatchObject({
        type: 'cash_in',
        status: 'completed',
        amount: '25.00',
        e2e: res.body.data.end_to_end_id,
        payer_name: 'Joao Pagador',
      });
      expect(await ledgerOps(app, c.transaction_id)).toEqual(['credit']);
      expect(await outboxTypes(app, c.transaction_id)).toEqual(['cash_in.completed']);
      const again = await pay(merchant, c.transaction_id);
      expect(again.status).toBe(400);
      expect(again.body.error.code).toBe('CHARGE_NOT_PAYABLE');
      const cancelled = await cancel(merchant, c.transaction_id);
      expect(cancelled.body.error.code).toBe('CHARGE_NOT_PENDING');
    });

    it('refuses another amount than the amount due (AMOUNT_MISMATCH)', async () => {
      const c = await charge({ amount: '25.00' });
      const res = await pay(merchant, c.transaction_id, { amount: '24.99' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('AMOUNT_MISMATCH');
    });

    it('five concurrent pays of one charge credit it once', async () => {
      const before = await balanceOf(app, merchant);
      const c = await charge({ amount: '11.00' });
      const answers = await Promise.all(Array.from({ length: 5 }, () => pay(merchant, c.transaction_id)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
      const after = await balanceOf(app, merchant);
      expect(Number(after.available_balance) - Number(before.available_balance)).toBeCloseTo(11, 6);
      expect(await ledgerOps(app, c.transaction_id)).toEqual(['credit']);
    });

    it('a pay racing a cancel: exactly one wins, and the charge, ledger and events agree', async () => {
      for (let i = 0; i < 5; i++) {
        const c = await charge({ amount: '2.00' });
        const [paid, cancelled] = await Promise.all([pay(merchant, c.transaction_id), cancel(merchant, c.transaction_id)]);
        expect([paid.status, cancelled.status].sort()).toEqual([200, 400]);
        const s = (await status(merchant, c.transaction_id)).body.data.status;
        expect(s).toBe(paid.status === 200 ? 'completed' : 'cancelled');
        expect(await ledgerOps(app, c.transaction_id)).toEqual(paid.status === 200 ? ['credit'] : []);
        expect(await outboxTypes(app, c.transaction_id)).toEqual([paid.status === 200 ? 'cash_in.completed' : 'cash_in.cancelled']);
      }
    });

    it('a pay racing the expiry sweep at the expiry instant: the charge expires, never both', async () => {
      const c = await charge({ amount: '2.00', expiration_time: 60 });
      const at = new Date(c.expires_at);
      clockOf(app).set(at);
      const [paid] = await Promise.all([pay(merchant, c.transaction_id), app.get(ChargeExpiryScheduler).sweepOnce(at)]);
      expect(paid.status).toBe(400);
      expect(paid.body.error.code).toBe('QR_CODE_EXPIRED');
      expect(await outboxTypes(app, c.transaction_id)).toEqual(['cash_in.expired']);
      expect(await ledgerOps(app, c.transaction_id)).toEqual([]);
    });
  });

  describe('dynamic QR end to end: another client decodes and pays (Flow 3, on-us)', () => {
    it('decodes the charge: amount, receiver, txid', async () => {
      const c = await charge({ amount: '19.90' });
      const res = await decode(payer, c.qr_code_text);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        qr_code_type: 'dynamic',
        amount: '19.90',
        receiver_name: 'Padaria Pao Quente Ltda',
        receiver_ispb: expect.stringMatching(/^\d{8}$/),
        txid: c.conciliation_id,
      });
      expect(res.body.pix_key).toMatch(UUID);
    });

    it('pays it once: the charge completes, the merchant is credited and the payer debited with one end-to-end id, also on retry', async () => {
      const c = await charge({ amount: '19.90' });
      const merchantBefore = await balanceOf(app, merchant);
      const payerBefore = await balanceOf(app, payer);
      const lookup = (await decode(payer, c.qr_code_text)).body;
      const key = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
      const sent = await cashOut(app, payer, { amount: '19.90' }, { 'X-Pix-Lookup-E2E': lookup.end_to_end_id, 'X-Idempotency-Key': key });
      expect(sent.status).toBe(200);
      const retried = await cashOut(
        app,
        payer,
        { amount: '19.90' },
        { 'X-Pix-Lookup-E2E': lookup.end_to_end_id, 'X-Idempotency-Key': key },
      );
      expect(retried.body.transaction_id).toBe(sent.body.transaction_id);
      const done = await settled(app, payer, sent.body.transaction_id);
      expect(done).toMatchObject({ status: 'completed', end_to_end_id: lookup.end_to_end_id });
      const s = (await status(merchant, c.transaction_id)).body.data;
      expect(s).toMatchObject({ status: 'completed', paid_amount: '19.90', end_to_end_id: lookup.end_to_end_id });
      expect(s.payer.name).toBe(payer.name);
      expect(s.payer.document).not.toBe(payer.document); // masked for the merchant
      expect(Number((await balanceOf(app, merchant)).available_balance) - Number(merchantBefore.available_balance)).toBeCloseTo(19.9, 6);
      expect(Number(payerBefore.available_balance) - Number((await balanceOf(app, payer)).available_balance)).toBeCloseTo(19.9, 6);
      expect(await ledgerOps(app, c.transaction_id)).toEqual(['credit']);
      const again = await decode(other, c.qr_code_text);
      expect(again.status).toBe(400);
      expect(again.body.error.code).toBe('CHARGE_NOT_PAYABLE');
    });

    it('refuses at once a charge cancelled between decode and payment, and a wrong amount', async () => {
      const c = await charge({ amount: '8.00' });
      const lookup = (await decode(payer, c.qr_code_text)).body;
      const wrong = await cashOut(app, payer, { amount: '8.01' }, { 'X-Pix-Lookup-E2E': lookup.end_to_end_id });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe('AMOUNT_MISMATCH');
      const lookup2 = (await decode(payer, c.qr_code_text)).body;
      await cancel(merchant, c.transaction_id);
      const late = await cashOut(app, payer, { amount: '8.00' }, { 'X-Pix-Lookup-E2E': lookup2.end_to_end_id });
      expect(late.status).toBe(400);
      expect(late.body.error.code).toBe('CHARGE_NOT_PAYABLE');
      const decoded = await decode(payer, c.qr_code_text);
      expect(decoded.body.error.code).toBe('CHARGE_NOT_PAYABLE');
    });

    it('decoding an expired charge answers QR_CODE_EXPIRED; a URL of ours with no charge, QR_PAYLOAD_UNAVAILABLE', async () => {
      const c = await charge({ expiration_time: 60 });
      clockOf(app).set(new Date(Date.parse(c.expires_at) + 1_000));
      const res = await decode(payer, c.qr_code_text);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('QR_CODE_EXPIRED');
      const url = parseBrCode(c.qr_code_text).url!.replace(c.transaction_id, '00000000-0000-4000-8000-000000000000');
      const code = encodeBrCode({ type: 'dynamic', url, merchantName: 'Padaria', merchantCity: 'SAO PAULO', txid: '***' });
      const missing = await decode(payer, code);
      expect(missing.status).toBe(400);
      expect(missing.body.error.code).toBe('QR_PAYLOAD_UNAVAILABLE');
    });
  });

  describe('due-date charges (cobv)', () => {
    const terms = {
      due_date: '2026-03-20',
      penalty: { mode: 2, value: '2.00' },
      interest: { mode: 3, value: '1.00' },
      discount: { mode: 1, fixed_dates: [{ date: '2026-03-15', value: '5.00' }] },
    };

    it('expires 30 days after the due date (end of that day in São Paulo) and has no amount in its BR Code', async () => {
      const c = await charge({ amount: '100.00', ...terms });
      expect(c.expires_at).toBe('2026-04-20T03:00:00.000Z');
      expect(parseBrCode(c.qr_code_text).amount).toBeUndefined();
    });

    it('decodes with the final amount of the day: discount before the due date, penalty and interest after', async () => {
      const c = await charge({ amount: '100.00', ...terms });
      const early = await decode(payer, c.qr_code_text);
      expect(early.body).toMatchObject({
        amount: '100.00',
        due_date: '2026-03-20',
        final_amount: '95.00',
        penalty: terms.penalty,
        interest: terms.interest,
      });
      expect(early.body.discount).toEqual(terms.discount);
      // 2026-04-04 12:00 in São Paulo: 15 days late -> 100 + 2% + 1% a month x 15/30 = 102.50
      clockOf(app).set(new Date('2026-04-04T15:00:00.000Z'));
      const late = await decode(payer, c.qr_code_text);
      expect(late.body.final_amount).toBe('102.50');
      const s = (await status(merchant, c.transaction_id)).body.data;
      expect(s.due_date_terms.amount_due_now).toBe('102.50');
      const wrong = await cashOut(app, payer, { amount: '100.00' }, { 'X-Pix-Lookup-E2E': late.body.end_to_end_id });
      expect(wrong.body.error.code).toBe('AMOUNT_MISMATCH');
      const right = await cashOut(
        app,
        payer,
        { amount: '102.50' },
        { 'X-Pix-Lookup-E2E': (await decode(payer, c.qr_code_text)).body.end_to_end_id },
      );
      expect(right.status).toBe(200);
      await settled(app, payer, right.body.transaction_id);
      expect((await status(merchant, c.transaction_id)).body.data).toMatchObject({ status: 'completed', paid_amount: '102.50' });
      const tx = (await http(app).get(`/api/v1/transactions/${c.transaction_id}`).set(merchant.auth)).body.data;
      expect(tx.amount).toBe('102.50');
    });

    it('moves a due date on a Saturday to Monday, and discount mode 4 gives BRL per business day up to it', async () => {
      // docs/adr/0215-due-date-discount-modes-and-business-days.md. Due Saturday 2026-03-21 -> Monday 23 March.
      const weekend = {
        due_date: '2026-03-21',
        penalty: { mode: 1, value: '2.00' },
        interest: { mode: 1, value: '1.00' },
        discount: { mode: 4, value: '0.50' },
      };
      const c = await charge({ amount: '100.00', ...weekend });
      // Today, Tuesday 10 March: 11-13, 16-20 and 23 March are 9 business days early -> 100 - 4.50.
      const early = await decode(payer, c.qr_code_text);
      expect(early.body).toMatchObject({ due_date: '2026-03-21', final_amount: '95.50', discount: weekend.discount });
      // Monday 23 March, 12:00 in São Paulo: the effective due date, neither early nor late.
      clockOf(app).set(new Date('2026-03-23T15:00:00.000Z'));
      expect((await decode(payer, c.qr_code_text)).body.final_amount).toBe('100.00');
      // Tuesday 24 March: 1 day late -> penalty 2.00 and interest 1.00.
      clockOf(app).set(new Date('2026-03-24T15:00:00.000Z'));
      expect((await decode(payer, c.qr_code_text)).body.final_amount).toBe('103.00');
      const s = (await status(merchant, c.transaction_id)).body.data;
      expect(s.due_date_terms).toMatchObject({ discount: { mode: 4, value: '0.50' }, amount_due_now: '103.00' });
    });

    it('reads a charge stored before 0215 with mode 4 as percent per calendar day: the migration makes it mode 5, its down makes it 4', async () => {
      const c = await charge({ amount: '100.00', due_date: '2026-03-20', discount: { mode: 5, value: '0.10' } });
      // Tuesday 10 March to Friday 20 March: 10 calendar days x 0.10% of 100 -> 99.00.
      expect((await decode(payer, c.qr_code_text)).body.final_amount).toBe('99.00');
      const db = app.get(DataSource);
      const modeOf = async (q: { query: DataSource['query'] }) =>
        (await q.query(`SELECT terms->'discount'->>'mode' AS mode FROM cash_in_charges WHERE id = $1`, [c.transaction_id]))[0].mode;
      const migration = new DueDateDiscountModes1764208214000();
      // Everything below is rolled back at the end.
      const runner = db.createQueryRunner();
      await runner.connect();
      await runner.startTransaction();
      try {
        await migration.down(runner);
        expect(await modeOf(runner)).toBe('4');
        await migration.up(runner);
        expect(await modeOf(runner)).toBe('5');
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
      }
      expect(await modeOf(db)).toBe('5');
    });

    it('is payable through due_date + 30 days and expires after', async () => {
      const c = await charge({ amount: '10.00', due_date: '2026-03-20' });
      clockOf(app).set(new Date('2026-04-20T02:59:59.000Z'));
      expect((await decode(payer, c.qr_code_text)).status).toBe(200);
      clockOf(app).set(new Date('2026-04-20T03:00:00.000Z'));
      expect((await decode(payer, c.qr_code_text)).body.error.code).toBe('QR_CODE_EXPIRED');
    });
  });

  describe('afterwards', () => {
    it('leaves the ledger balanced', async () => {
      const admin = await newAdmin(app);
      const verify = await http(app).get('/api/v1/admin/ledger/verify').set(admin.auth);
      expect(verify.body.data).toMatchObject({ balanced: true, unbalanced_journals: [], mismatched_accounts: [] });
    });
  });
});
