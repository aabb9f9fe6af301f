import type { NestExpressApplication } from '@nestjs/platform-express';
import { APP_CONFIG } from '../../src/config/app.config.js';
import { maskDocument } from '../../src/shared/domain/tax-id.js';
import { bankDetails, cashOut, cashOutStatus, settled } from '../support/payments.js';
import { http, newClient, startApp, type TestClient } from '../support/test-app.js';

/** Documents and account numbers are shown in full only to whoever supplied them. */
describe('masking and on-us recipients (e2e)', () => {
  let app: NestExpressApplication;
  let payer: TestClient;
  let payee: TestClient;
  let payeeAccount: string;
  let ispb: string;

  beforeAll(async () => {
    app = await startApp({ sandboxSpiLatencyMs: 5 });
    ispb = app.get(APP_CONFIG).pspIspb;
    payer = await newClient(app, { balance: '100.00', name: 'Ana Pagadora' });
    payee = await newClient(app, { name: 'Bruno Recebedor' });
    expect(
      (await http(app).post('/api/v1/pix/keys').set(payee.auth).send({ key_type: 'EMAIL', key_value: 'bruno.recebedor@example.com' }))
        .status,
    ).toBeLessThan(300);
    const dep = await http(app).post('/api/v1/sandbox/deposits').set(payee.auth).send({ amount: '1.00' });
    payeeAccount = (await http(app).get(`/api/v1/transactions/${dep.body.data.transaction_id}`).set(payee.auth)).body.data.receiver.bank
      .account;
  });

  afterAll(() => app.close());

  const tx = async (c: TestClient, id: string) => (await http(app).get(`/api/v1/transactions/${id}`).set(c.auth)).body.data;

  it('paying by key: the payer sees the recipient document masked; the recipient sees the payer document and account masked', async () => {
    const res = await cashOut(app, payer, { amount: '10.00', pix_key: 'bruno.recebedor@example.com', pix_key_type: 'EMAIL' });
    const done = await settled(app, payer, res.body.transaction_id);
    expect(done.status).toBe('completed');
    const masked = maskDocument(payee.document);
    expect(masked).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
    expect(done).toMatchObject({ receiver_document: masked, receiver: { document: masked } });
    expect((await tx(payer, res.body.transaction_id)).receiver.document).toBe(masked);

    const received = (await http(app).get('/api/v1/transactions').query({ type: 'cash_in', e2e: done.end_to_end_id }).set(payee.auth)).body
      .data.transactions[0];
    expect(received.payer.document).toBe(maskDocument(payer.document));
    expect(received.payer_document).toBe(maskDocument(payer.document));
    expect(JSON.stringify(received)).not.toContain(payer.document);
    expect(JSON.stringify(received)).not.toContain(done.payer.bank.account);
  });

  it('paying by bank details: the document the payer typed is echoed', async () => {
    const res = await cashOut(app, payer, { amount: '2.00', ...bankDetails });
    const status = await cashOutStatus(app, payer, res.body.transaction_id);
    expect(status.receiver_document).toBe(bankDetails.receiver_document);
    expect((await tx(payer, res.body.transaction_id)).receiver.document).toBe(bankDetails.receiver_document);
  });

  it("paying an account of this service by bank details: the document must be its holder's, and the records show the holder", async () => {
    const onUs = {
      amount: '3.00',
      receiver_name: 'Invented Name',
      receiver_ispb: ispb,
      receiver_branch: '0001',
      receiver_account: payeeAccount,
      receiver_account_type: 'checking',
    };
    const wrong = await cashOut(app, payer, { ...onUs, receiver_document: bankDetails.receiver_document });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 'RECEIVER_DOCUMENT_MISMATCH',
      details: [expect.objectContaining({ field: 'receiver_document' })],
    });

    const right = await cashOut(app, payer, { ...onUs, receiver_document: payee.document });
    expect(right.status).toBe(200);
    const done = await settled(app, payer, right.body.transaction_id);
    expect(done).toMatchObject({
      status: 'completed',
      receiver_name: 'Bruno Recebedor',
      receiver: { name: 'Bruno Recebedor', bank: { account_type: 'payment' } },
    });
  });
});
