import type { NestExpressApplication } from '@nestjs/platform-express';
import { APP_CONFIG } from '../../src/config/app.config.js';
import { balanceOf, cashOut } from '../support/payments.js';
import { randomCpf } from '../support/documents.js';
import { http, newClient, startApp, type TestClient } from '../support/test-app.js';

/**
 * Paying an account of this service by bank details (Flow 2) checks the typed document against the
 * holder's (docs/conventions.md §7). That answer must not be an oracle: a payment refused for funds or
 * limits answers the same whatever document was typed, and each wrong document spends the anti-scan
 * budget like a missed key look-up (docs/conventions.md §10;
 * docs/adr/0075-holder-check-no-document-oracle.md).
 */
describe('the on-us holder check is no document oracle (e2e)', () => {
  /** A small look-up budget (points per minute): a hit costs 1, a miss 5 (LOOKUP_HIT_COST, LOOKUP_MISS_COST). */
  const BUDGET = 10;
  let app: NestExpressApplication;
  let payee: TestClient;
  let payeeAccount: string;
  let ispb: string;

  beforeAll(async () => {
    app = await startApp({ sandboxSpiLatencyMs: 5, lookupRateLimitPerMinute: BUDGET });
    ispb = app.get(APP_CONFIG).pspIspb;
    payee = await newClient(app, { name: 'Bruno Recebedor' });
    const dep = await http(app).post('/api/v1/sandbox/deposits').set(payee.auth).send({ amount: '1.00' });
    payeeAccount = (await http(app).get(`/api/v1/transactions/${dep.body.data.transaction_id}`).set(payee.auth)).body.data.receiver.bank
      .account;
  });

  afterAll(() => app.close());

  const toPayee = (amount: string, document: string) => ({
    amount,
    receiver_name: 'Whoever',
    receiver_document: document,
    receiver_ispb: ispb,
    receiver_branch: '0001',
    receiver_account: payeeAccount,
    receiver_account_type: 'checking',
  });
  /** The answer without what differs per request anyway. */
  const refusal = (res: { status: number; body: { error?: { code: string; message: string; details?: unknown } } }) => ({
    status: res.status,
    code: res.body.error?.code,
    message: res.body.error?.message,
    details: res.body.error?.details,
  });

  it('above the balance: the same INSUFFICIENT_FUNDS with the holder’s document and with a guessed one', async () => {
    const payer = await newClient(app, { balance: '1.00' });
    const right = await cashOut(app, payer, toPayee('5.00', payee.document));
    const wrong = await cashOut(app, payer, toPayee('5.00', randomCpf()));
    expect(refusal(right)).toMatchObject({ status: 400, code: 'INSUFFICIENT_FUNDS' });
    expect(refusal(wrong)).toEqual(refusal(right));
    expect(await balanceOf(app, payer)).toMatchObject({ available_balance: '1.00', blocked_balance: '0.00' });
  });

  it('above a limit: the same LIMIT_EXCEEDED with the holder’s document and with a guessed one', async () => {
    const payer = await newClient(app, { balance: '9000.00' });
    // The default daytime pix_out cap of a natural person is 5000.00 (docs/conventions.md §10); the test clock is daytime.
    const right = await cashOut(app, payer, toPayee('5000.01', payee.document));
    const wrong = await cashOut(app, payer, toPayee('5000.01', randomCpf()));
    expect(refusal(right)).toMatchObject({ status: 400, code: 'LIMIT_EXCEEDED' });
    expect(refusal(wrong)).toEqual(refusal(right));
    expect(await balanceOf(app, payer)).toMatchObject({ available_balance: '9000.00', blocked_balance: '0.00' });
  });

  it('within funds and limits a wrong document is RECEIVER_DOCUMENT_MISMATCH, nothing held, and it spends the anti-scan budget as a miss', async () => {
    const payer = await newClient(app, { balance: '50.00' });
    // Two wrong guesses cost 2 × 5 points: the budget of 10 is spent, and the third try is refused before any check.
    for (let i = 0; i < 2; i++) {
      const wrong = await cashOut(app, payer, toPayee('1.00', randomCpf()));
      expect(refusal(wrong)).toMatchObject({ status: 400, code: 'RECEIVER_DOCUMENT_MISMATCH' });
    }
    const third = await cashOut(app, payer, toPayee('1.00', payee.document));
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('RATE_LIMITED');
    expect(await balanceOf(app, payer)).toMatchObject({ available_balance: '50.00', blocked_balance: '0.00' });
  });

  it('the holder’s own document pays, and a hit costs one point only', async () => {
    const payer = await newClient(app, { balance: '50.00' });
    for (let i = 0; i < BUDGET; i++) {
      const res = await cashOut(app, payer, toPayee('1.00', payee.document));
      expect(res.status).toBe(200);
    }
    expect(await balanceOf(app, payer)).toMatchObject({ available_balance: '40.00' });
  });
});
