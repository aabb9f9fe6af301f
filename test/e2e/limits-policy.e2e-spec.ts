import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { LimitPolicy } from '../../src/modules/limits/application/limit-policy.js';
import {
  TransactionsService,
  type NewPayment,
  type TransactionStatus,
} from '../../src/modules/transactions/application/transactions.service.js';
import { Money } from '../../src/shared/money/money.js';
import { UnitOfWork } from '../../src/shared/persistence/unit-of-work.js';
import { clockOf, DAYTIME, http, newClient, NIGHTTIME, startApp, type TestClient } from '../support/test-app.js';

// The policy's windows depend on the time of day in São Paulo: run at noon and at 23:00 there.
// A night window that began the evening before (03:00 there): its start is computed in SQL and in TS alike.
const EARLY_MORNING = new Date('2026-03-11T06:00:00.000Z');

describe.each([
  ['daytime', DAYTIME, 'daytime'],
  ['nighttime', NIGHTTIME, 'nighttime'],
  ['early morning', EARLY_MORNING, 'nighttime'],
] as const)('LimitPolicy against real payments (e2e) at %s', (_label, instant, dayPeriod) => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApp({}, instant);
  });

  afterAll(() => app.close());

  const cashOut = (
    c: TestClient,
    amount: string,
    status: TransactionStatus,
    type: 'cash_out' | 'reversal_in' = 'cash_out',
    reference: string | null = null,
  ): NewPayment => ({
    id: randomUUID(),
    clientId: c.clientId,
    accountId: c.accountId,
    type,
    status,
    reference,
    amount: Money.of(amount),
    endToEndId: null,
    payer: null,
    receiver: null,
    description: 'limits e2e',
    at: clockOf(app).now(),
  });

  /** What a payment use case does: write its transaction row, then check the limits, in one unit of work. */
  const payOut = (c: TestClient, amount: string) =>
    app.get(UnitOfWork).run(async () => {
      const tx = cashOut(c, amount, 'queued'); // as a new cash-out is recorded
      await app.get(TransactionsService).recordPayment(tx);
      await app.get(LimitPolicy).assertWithinLimits({
        clientId: c.clientId,
        accountId: c.accountId,
        type: 'pix_out',
        amount: Money.of(amount),
        at: tx.at,
      });
    });

  const limits = async (c: TestClient) => (await http(app).get('/api/v1/pix/limits').set(c.auth)).body;

  /** A lower daily cap: a reduction applies when asked, without approval (docs/adr/0214-limit-changes-timed-as-the-regulation-says.md). */
  const setDailyCap = async (c: TestClient, amount: string) => {
    const r = await http(app)
      .post('/api/v1/pix/limits/requests')
      .set(c.auth)
      .send({ type: 'pix_out', period: 'daily', requested_amount: amount });
    expect(r.body.data).toMatchObject({ status: 'approved', effective_at: r.body.data.created_at });
  };

  it('moves `used` with deposits (pix_in) and live cash-outs (pix_out); failed ones give the room back', async () => {
    const c = await newClient(app);
    expect((await http(app).post('/api/v1/sandbox/deposits').set(c.auth).send({ amount: '150.00' })).status).toBe(200);
    await payOut(c, '100.00');
    await app.get(UnitOfWork).run(() => app.get(TransactionsService).recordPayment(cashOut(c, '999.00', 'failed')));

    const body = await limits(c);
    const current: 'daytime' | 'nighttime' = body.period.current;
    expect(current).toBe(dayPeriod);
    const other = current === 'daytime' ? 'nighttime' : 'daytime';
    const out = body.limits.pix_out;
    expect(out.daily).toEqual({ limit: '6000.00', used: '100.00', available: '5900.00' });
    expect(out.monthly).toEqual({ limit: '50000.00', used: '100.00', available: '49900.00' });
    expect(out[current].used).toBe('100.00');
    expect(out[other].used).toBe('0.00');
    expect(body.limits.pix_in.daily).toEqual({ limit: '1000000.00', used: '150.00', available: '999850.00' });
    expect(body.limits.pix_in[current].used).toBe('150.00');
    expect(body.limits.ted.daily.used).toBe('0.00');
  });

  it('refuses with LIMIT_EXCEEDED naming the cap, accepts an exact fit, and records nothing refused', async () => {
    const c = await newClient(app);
    await setDailyCap(c, '500.00');
    await payOut(c, '300.00');
    await expect(payOut(c, '200.01')).rejects.toMatchObject({
      code: 'LIMIT_EXCEEDED',
      message: expect.stringContaining('pix_out daily limit'),
      details: [expect.objectContaining({ field: 'amount', issue: expect.stringContaining('available 200.00') })],
    });
    await payOut(c, '200.00');
    expect((await limits(c)).limits.pix_out.daily).toEqual({ limit: '500.00', used: '500.00', available: '0.00' });
    await expect(payOut(c, '0.01')).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('lets exactly as many parallel payments through as fit the remaining cap', async () => {
    const c = await newClient(app); // no account_limits row yet: the first payments also race to create it
    const before = await limits(c);
    const out = before.limits.pix_out;
    const room = Money.min(Money.of(out[before.period.current].available), Money.of(out.daily.available));
    const each = room.times('0.2');
    let fits = 0;
    for (let acc = each; acc.lte(room); acc = acc.plus(each)) fits++;
    expect(fits).toBe(5);

    const attempts = 12;
    const results = await Promise.allSettled(Array.from({ length: attempts }, () => payOut(c, each.toFixed2())));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected' && (r.reason as { code?: string }).code === 'LIMIT_EXCEEDED').length;
    expect(ok).toBe(fits);
    expect(refused).toBe(attempts - fits);
    const after = (await limits(c)).limits.pix_out;
    expect(after.daily.used).toBe(each.times(String(fits)).toFixed2());
  });

  it('refuses to run outside a unit of work, where its lock would protect nothing', async () => {
    const c = await newClient(app);
    await expect(
      app.get(LimitPolicy).assertWithinLimits({
        clientId: c.clientId,
        accountId: c.accountId,
        type: 'pix_out',
        amount: Money.of('1.00'),
        at: clockOf(app).now(),
      }),
    ).rejects.toThrow(new Error('LimitPolicy.assertWithinLimits must run inside UnitOfWork.run'));
  });

  it('a returned payment gives back only what was returned: a partial return keeps the rest counted', async () => {
    const c = await newClient(app);
    const paid = cashOut(c, '100.00', 'returned');
    const partial = cashOut(c, '30.00', 'completed', 'reversal_in', paid.id);
    const whole = cashOut(c, '50.00', 'returned');
    const wholeBack = cashOut(c, '50.00', 'completed', 'reversal_in', whole.id);
    await app.get(UnitOfWork).run(async () => {
      for (const tx of [paid, partial, whole, wholeBack]) await app.get(TransactionsService).recordPayment(tx);
    });
    expect((await limits(c)).limits.pix_out.daily.used).toBe('70.00');
  });

  it('stored usage stays exact: after 1,000 payments (some failed, some partly returned) it equals the sum of what counts', async () => {
    const c = await newClient(app);
    let expected = Money.zero();
    const payments: NewPayment[] = [];
    for (let i = 0; i < 1000; i++) {
      const amount = Money.of(String(((i * 37) % 499) + 1)).times('0.01'); // 0.01 .. 4.99
      payments.push(cashOut(c, amount.toFixed2(), 'queued'));
      expected = expected.plus(amount);
    }
    for (let i = 0; i < payments.length; i += 100) {
      await app.get(UnitOfWork).run(async () => {
        for (const tx of payments.slice(i, i + 100)) await app.get(TransactionsService).recordPayment(tx);
      });
    }
    // Every tenth fails (gives its room back); every seventh is returned for 0.01.
    const service = app.get(TransactionsService);
    for (let i = 0; i < payments.length; i++) {
      const tx = payments[i]!;
      if (i % 10 === 0) {
        await app.get(UnitOfWork).run(async () => {
          // A payment of the test's own making: its line follows what it says (processing, then failed).
          const at = clockOf(app).now();
          await service.follow({ statementEntry: () => ({ transactionId: tx.id, status: 'processing', at, failure: null }) });
          await service.follow({
            statementEntry: () => ({ transactionId: tx.id, status: 'failed', at, failure: { code: 'AC03', message: 'test' } }),
          });
        });
        expected = expected.minus(tx.amount);
      } else if (i % 7 === 0) {
        await app.get(UnitOfWork).run(() => service.recordPayment(cashOut(c, '0.01', 'completed', 'reversal_in', tx.id)));
        expected = expected.minus(Money.of('0.01'));
      }
    }
    const out = (await limits(c)).limits.pix_out;
    expect(out.daily.used).toBe(expected.toFixed2());
    expect(out.monthly.used).toBe(expected.toFixed2());
    const [{ total }] = await app.get(DataSource).query(
      `SELECT (SUM(t.amount) FILTER (WHERE t.type = 'cash_out' AND t.status <> 'failed') - COALESCE(SUM(t.amount) FILTER (WHERE t.type = 'reversal_in'), 0))::numeric(20,2)::text AS total
       FROM transactions t WHERE t.client_id = $1`,
      [c.clientId],
    );
    expect(total).toBe(expected.toFixed2());
  }, 120_000);
});
