import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { LimitPolicy } from '../../src/modules/limits/application/limit-policy.js';
import { TransactionsService } from '../../src/modules/transactions/application/transactions.service.js';
import { Money } from '../../src/shared/money/money.js';
import { UnitOfWork } from '../../src/shared/persistence/unit-of-work.js';
import { clockOf, http, newClient, startApp, type TestClient } from '../support/test-app.js';

// Resolução BCB nº 1/2020 as amended by nº 142/2021: the nighttime starts at 20:00, or at 22:00 if the user
// chooses; a MEI has a natural person's nighttime cap (docs/adr/0220-nighttime-start-and-mei.md).
// São Paulo is UTC-03:00: 10:00 there on 10 March 2026 is 13:00Z.
const MORNING = new Date('2026-03-10T13:00:00.000Z');
/** The first 06:00 at least 24 h after MORNING: 12 March, 06:00 in São Paulo. */
const TWENTY_TWO_FROM = new Date('2026-03-12T09:00:00.000Z');
const local = (hms: string) => new Date(`2026-03-12T${hms}.000-03:00`);

describe('the nighttime window starts at 20:00 or 22:00, as the user chooses (e2e)', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApp({}, MORNING);
  });

  afterAll(() => app.close());

  /** What a payment use case does: its transaction row (the trigger counts it), then the policy, in one unit of work. */
  const payOut = (c: TestClient, amount: string) =>
    app.get(UnitOfWork).run(async () => {
      const at = clockOf(app).now();
      await app.get(TransactionsService).recordPayment({
        id: randomUUID(),
        clientId: c.clientId,
        accountId: c.accountId,
        type: 'cash_out',
        status: 'queued',
        reference: null,
        amount: Money.of(amount),
        endToEndId: null,
        payer: null,
        receiver: null,
        description: 'nighttime start e2e',
        at,
      });
      await app
        .get(LimitPolicy)
        .assertWithinLimits({ clientId: c.clientId, accountId: c.accountId, type: 'pix_out', amount: Money.of(amount), at });
    });
  const limits = async (c: TestClient) => (await http(app).get('/api/v1/pix/limits').set(c.auth)).body;
  const usage = async (c: TestClient) =>
    (await app
      .get(DataSource)
      .query(
        `SELECT window_kind, window_start, used::text AS used FROM limit_usage WHERE account_id = $1 AND limit_type = 'pix_out' AND window_kind IN ('daytime', 'nighttime') ORDER BY window_start`,
        [c.accountId],
      )) as { window_kind: string; window_start: Date; used: string }[];

  let late: TestClient;
  let usual: TestClient;

  beforeAll(async () => {
    clockOf(app).set(MORNING);
    late = await newClient(app);
    usual = await newClient(app);
  });

  it('shows 20:00 by default; a move to 22:00 waits for the first 06:00 at least 24 h away', async () => {
    expect((await limits(usual)).period).toEqual({
      daytime: '06:00-20:00',
      nighttime: '20:00-06:00',
      current: 'daytime',
      time_zone: 'America/Sao_Paulo',
      nighttime_start: '20:00',
      next_nighttime_start: null,
    });
    const r = await http(app).put('/api/v1/pix/limits/nighttime-start').set(late.auth).send({ nighttime_start: '22:00' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      account_id: late.accountId,
      current_nighttime_start: '20:00',
      nighttime_start: '22:00',
      effective_at: TWENTY_TWO_FROM.toISOString(),
    });
    expect((await limits(late)).period).toMatchObject({
      daytime: '06:00-20:00',
      nighttime_start: '20:00',
      next_nighttime_start: { nighttime_start: '22:00', effective_at: TWENTY_TWO_FROM.toISOString() },
    });
  });

  it('refuses a start other than 20:00 or 22:00 (400 VALIDATION_ERROR)', async () => {
    const r = await http(app).put('/api/v1/pix/limits/nighttime-start').set(late.auth).send({ nighttime_start: '21:00' });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('a default account: 19:59:59 is daytime, 20:00 nighttime, for the counters and the nighttime cap alike', async () => {
    clockOf(app).set(local('19:59:59'));
    await payOut(usual, '1500.00'); // daytime: under the 5,000.00 cap
    expect((await limits(usual)).limits.pix_out.daytime.used).toBe('1500.00');
    clockOf(app).set(local('20:00:00'));
    await expect(payOut(usual, '1500.00')).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' }); // over the nighttime 1,000.00
    await payOut(usual, '100.00');
    const body = await limits(usual);
    expect(body.period).toMatchObject({ current: 'nighttime', nighttime: '20:00-06:00' });
    expect(body.limits.pix_out.daytime.used).toBe('0.00'); // by night: the next daytime window
    expect(body.limits.pix_out.nighttime.used).toBe('100.00');
    expect(await usage(usual)).toEqual([
      { window_kind: 'daytime', window_start: local('06:00:00'), used: '1500.000000' },
      { window_kind: 'nighttime', window_start: local('20:00:00'), used: '100.000000' },
    ]);
  });

  it('a 22:00 account: 21:59:59 is still daytime (a payment over the nighttime cap passes), 22:00 is nighttime', async () => {
    clockOf(app).set(local('21:59:59'));
    expect((await limits(late)).period).toMatchObject({
      daytime: '06:00-22:00',
      nighttime: '22:00-06:00',
      current: 'daytime',
      nighttime_start: '22:00',
      next_nighttime_start: null,
    });
    await payOut(late, '1500.00');
    expect((await limits(late)).limits.pix_out).toMatchObject({ daytime: { used: '1500.00' }, nighttime: { used: '0.00' } });
    clockOf(app).set(local('22:00:00'));
    await expect(payOut(late, '1500.00')).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    await payOut(late, '1000.00'); // an exact fit of the nighttime cap
    const body = await limits(late);
    expect(body.period).toMatchObject({ current: 'nighttime' });
    expect(body.limits.pix_out.daytime.used).toBe('0.00'); // by night: the next daytime window
    expect(body.limits.pix_out.nighttime).toEqual({ limit: '1000.00', used: '1000.00', available: '0.00' });
    expect(await usage(late)).toEqual([
      { window_kind: 'daytime', window_start: local('06:00:00'), used: '1500.000000' },
      { window_kind: 'nighttime', window_start: local('22:00:00'), used: '1000.000000' },
    ]);
  });

  it('back to 20:00 applies at the next 06:00; asking for the start in force applies at once', async () => {
    clockOf(app).set(local('23:00:00'));
    const back = await http(app).put('/api/v1/pix/limits/nighttime-start').set(late.auth).send({ nighttime_start: '20:00' });
    expect(back.body).toMatchObject({
      current_nighttime_start: '22:00',
      nighttime_start: '20:00',
      effective_at: new Date('2026-03-13T09:00:00.000Z').toISOString(),
    });
    // Still the 22:00 night until 06:00: no window split.
    expect((await limits(late)).period).toMatchObject({ nighttime: '22:00-06:00', next_nighttime_start: { nighttime_start: '20:00' } });
    const stay = await http(app).put('/api/v1/pix/limits/nighttime-start').set(late.auth).send({ nighttime_start: '22:00' });
    expect(stay.body).toMatchObject({ current_nighttime_start: '22:00', nighttime_start: '22:00' });
    const applied = Date.parse(stay.body.effective_at as string);
    expect(applied >= local('23:00:00').getTime() && applied <= clockOf(app).now().getTime()).toBe(true);
    expect((await limits(late)).period).toMatchObject({ nighttime_start: '22:00', next_nighttime_start: null });
  });

  it("a MEI's nighttime pix_out cap is a natural person's; its daytime cap a legal person's", async () => {
    const mei = await newClient(app, { mei: true });
    const body = await limits(mei);
    expect(body.limits.pix_out.nighttime.limit).toBe('1000.00');
    expect(body.limits.pix_out.daytime.limit).toBe('50000.00');
    const shop = await newClient(app, { legal: true });
    expect((await limits(shop)).limits.pix_out.nighttime.limit).toBe('10000.00');
  });
});
