import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../src/config/app.config.js';
import { ParticipantDirectory } from '../../src/modules/participants/application/participant-directory.js';
import { maskDocument } from '../../src/shared/domain/tax-id.js';
import { cashOut, settled } from '../support/payments.js';
import { clockOf, eventually, http, newClient, startApp, type TestClient } from '../support/test-app.js';
import { verifyAsOf, WebhookReceiver } from '../support/webhook-receiver.js';

type Payer = { name: string | null; document: string | null; ispb: string | null; institution_name: string | null };
type Notification = { id: string; type: string; created_at: string; data: Record<string, unknown> & { payer: Payer; txid: string | null } };

/** Nubank's ISPB on the participant list shipped in data/ (another institution than the sandbox's default). */
const NUBANK = { ispb: '18236120', name: 'NU PAGAMENTOS - IP' };
/** An 8-digit ISPB the shipped list does not hold (a participant newer than the list, say). */
const UNLISTED_ISPB = '12312312';

/**
 * The payer on every credit (docs/adr/0225-the-payer-on-every-credit.md): `cash_in.completed` (its webhook
 * delivery), the transaction record and the charge status show the same payer name, masked document,
 * institution ISPB and participant-list name, and txid, whether the money came on-us or from another
 * institution (the sandbox's simulated payer).
 */
describe('the payer on every credit (e2e)', () => {
  let app: NestExpressApplication;
  let receiver: WebhookReceiver;
  let config: AppConfig;
  let merchant: TestClient;
  let hook: { id: string; secret: string };
  let path = 0;

  const received = async (transactionId: string): Promise<Notification> => {
    const got = await eventually(async () =>
      receiver
        .on(`/hook-${path}`)
        .map((r) => ({ r, body: JSON.parse(r.body) as Notification }))
        .find(({ body }) => body.data.transaction_id === transactionId),
    );
    return verifyAsOf<Notification>(hook.secret, got.r, clockOf(app).now());
  };
  const tx = async (c: TestClient, id: string) => {
    const res = await http(app).get(`/api/v1/transactions/${id}`).set(c.auth);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const listed = async (c: TestClient, id: string) => {
    const res = await http(app).get('/api/v1/transactions').query({ type: 'cash_in' }).set(c.auth);
    return (res.body.data.transactions as { id: string; payer: Payer }[]).find((t) => t.id === id);
  };
  const chargeStatus = async (id: string) => (await http(app).get(`/api/v1/pix/cash-in/${id}`).set(merchant.auth)).body.data;
  const charge = async (amount: string) => {
    const res = await http(app)
      .post('/api/v1/pix/cash-in/qrcode')
      .set(merchant.auth)
      .send({ amount, reference: `order-${amount}` });
    expect(res.status).toBe(200);
    return res.body as { transaction_id: string; conciliation_id: string; qr_code_text: string };
  };
  const eventPayload = async (transactionId: string) => {
    const rows: { payload: Notification['data'] }[] = await app
      .get(DataSource)
      .query(`SELECT payload FROM outbox_messages WHERE aggregate_id = $1 AND event_type = 'cash_in.completed'`, [transactionId]);
    expect(rows).toHaveLength(1);
    return rows[0]!.payload;
  };

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    app = await startApp({ webhookAllowPrivateNetworks: true });
    config = app.get<AppConfig>(APP_CONFIG);
    merchant = await newClient(app, { legal: true });
    path += 1;
    const res = await http(app)
      .post('/api/v1/webhooks')
      .set(merchant.auth)
      .send({ url: receiver.url(`/hook-${path}`), events: ['cash_in.completed'] });
    expect(res.status).toBe(201);
    hook = res.body.data;
  });

  afterAll(async () => {
    await app.close();
    await receiver.stop();
  });

  it('a charge paid on-us by another client: the webhook, the transaction record and the charge status show one payer and one txid', async () => {
    const payer = await newClient(app, { balance: '100.00', name: 'Ana Pagadora' });
    const c = await charge('31.50');
    expect((await chargeStatus(c.transaction_id)).payer).toBeNull(); // null while pending
    const lookup = await http(app).post('/api/v1/pix/qrcode/decode').set(payer.auth).send({ br_code: c.qr_code_text });
    const sent = await cashOut(app, payer, { amount: '31.50' }, { 'X-Pix-Lookup-E2E': lookup.body.end_to_end_id });
    expect(sent.status).toBe(200);
    expect(await settled(app, payer, sent.body.transaction_id)).toMatchObject({ status: 'completed' });

    // On-us: the payer banks here, at this institution's ISPB, named as the participant list (or PSP_NAME) names it.
    const ours = app.get(ParticipantDirectory).find(config.pspIspb)?.name ?? config.pspName;
    const expected: Payer = { name: 'Ana Pagadora', document: maskDocument(payer.document), ispb: config.pspIspb, institution_name: ours };

    const notification = await received(c.transaction_id);
    expect(notification.type).toBe('cash_in.completed');
    expect(notification.data.payer).toEqual(expected);
    expect(notification.data.txid).toBe(c.conciliation_id);
    const record = await tx(merchant, c.transaction_id);
    expect(record.payer).toEqual(expected);
    expect(record).toMatchObject({ payer_name: expected.name, payer_document: expected.document, txid: c.conciliation_id });
    expect((await listed(merchant, c.transaction_id))?.payer).toEqual(expected);
    const status = await chargeStatus(c.transaction_id);
    expect(status).toMatchObject({ status: 'completed', conciliation_id: c.conciliation_id, payer: expected });
    for (const shown of [notification, record, status]) expect(JSON.stringify(shown)).not.toContain(payer.document);
  });

  it('a credit from another institution (a sandbox deposit naming its ISPB): that ISPB, its participant name, the document masked', async () => {
    const res = await http(app)
      .post('/api/v1/sandbox/deposits')
      .set(merchant.auth)
      .send({ amount: '12.00', payer: { name: 'Carla Externa', document: '52998224725', ispb: NUBANK.ispb } });
    expect(res.status).toBe(200);
    const id = res.body.data.transaction_id as string;
    // The end-to-end id names the payer's institution (docs/events.md, format end-to-end-id).
    expect(res.body.data.end_to_end_id).toMatch(new RegExp(`^E${NUBANK.ispb}`));
    const expected: Payer = { name: 'Carla Externa', document: '***.982.247-**', ispb: NUBANK.ispb, institution_name: NUBANK.name };
    expect((await received(id)).data.payer).toEqual(expected);
    expect((await eventPayload(id)).payer).toEqual(expected);
    const record = await tx(merchant, id);
    expect(record.payer).toEqual(expected);
    expect(record.payer_document).toBe('***.982.247-**');
    expect(record.txid).toBeNull(); // a deposit carries no txid
  });

  it("the sandbox's default payer banks at 00000000, Banco do Brasil on the list; an unlisted ISPB is credited with no name", async () => {
    const plain = await http(app).post('/api/v1/sandbox/deposits').set(merchant.auth).send({ amount: '1.00' });
    expect((await tx(merchant, plain.body.data.transaction_id)).payer).toEqual({
      name: 'Sandbox Payer',
      document: null,
      ispb: '00000000',
      institution_name: 'BCO DO BRASIL S.A.',
    });
    const unlisted = await http(app)
      .post('/api/v1/sandbox/deposits')
      .set(merchant.auth)
      .send({ amount: '1.00', payer: { ispb: UNLISTED_ISPB } });
    expect(unlisted.status).toBe(200);
    const id = unlisted.body.data.transaction_id as string;
    expect((await tx(merchant, id)).payer).toMatchObject({ ispb: UNLISTED_ISPB, institution_name: null });
    expect((await eventPayload(id)).payer).toMatchObject({ ispb: UNLISTED_ISPB, institution_name: null });
  });

  it("refuses a simulated payer at this institution's own ISPB, or an ISPB that is not 8 digits (400)", async () => {
    for (const ispb of [config.pspIspb, '1234', 'ABCDEFGH']) {
      const res = await http(app).post('/api/v1/sandbox/deposits').set(merchant.auth).send({ amount: '1.00', payer: { ispb } });
      expect({ ispb, status: res.status, code: res.body.error?.code }).toEqual({ ispb, status: 400, code: 'VALIDATION_ERROR' });
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain('payer.ispb');
    }
  });

  it("a charge paid by the sandbox's payer from another institution: the charge status and the record agree with the event", async () => {
    const c = await charge('8.00');
    const res = await http(app)
      .post(`/api/v1/sandbox/cash-in/${c.transaction_id}/pay`)
      .set(merchant.auth)
      .send({ payer: { name: 'Joao Pagador', document: '11222333000181', ispb: NUBANK.ispb } });
    expect(res.status).toBe(200);
    expect(res.body.data.end_to_end_id).toMatch(new RegExp(`^E${NUBANK.ispb}`));
    const expected: Payer = { name: 'Joao Pagador', document: '**.222.333/0001-**', ispb: NUBANK.ispb, institution_name: NUBANK.name };
    expect((await chargeStatus(c.transaction_id)).payer).toEqual(expected);
    expect((await tx(merchant, c.transaction_id)).payer).toEqual(expected);
    const event = (await received(c.transaction_id)).data;
    expect(event).toMatchObject({ payer: expected, txid: c.conciliation_id, conciliation_id: c.conciliation_id });
  });
});
