import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { PipelinedUnitOfWork } from '../../src/shared/persistence/pipelined-unit-of-work.js';
import { bankDetails, cashOut } from '../support/payments.js';
import { DAYTIME, newClient, startApp, type TestClient } from '../support/test-app.js';

/**
 * Round trips to Postgres are what a payment's latency is made of. The budget of a cash-out's creation is
 * three, whole request included (authentication, the idempotency claim, the payment's transaction and its
 * commit). Measured: two by bank details; three by Pix key (the claim with the key's look-up, the payment's
 * statements, the posting with its commit). The key's look-up waits for the anti-scan budget in Redis, which
 * must allow it before the directory is asked; when Postgres answers the claim before Redis answers the budget
 * (seen under CPU load), the look-up travels alone: four. Both are bounds of the design, not of the timing
 * (it was five before pipelining). The API role runs no relay or worker, so every round trip counted is the request's own.
 */
describe('round trips per request (e2e)', () => {
  let app: NestExpressApplication;
  let uow: PipelinedUnitOfWork;
  let c: TestClient;

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' }, DAYTIME);
    uow = app.get(PipelinedUnitOfWork);
    c = await newClient(app, { balance: '1000.00' });
  });

  afterAll(() => app.close());

  async function roundTripsOf(request: () => Promise<{ status: number }>): Promise<number> {
    const before = uow.roundTrips;
    const res = await request();
    expect(res.status).toBe(200);
    return uow.roundTrips - before;
  }

  it.each([
    ['by Pix key', { pix_key: 'joana@example.com', pix_key_type: 'EMAIL' }, 4],
    ['by bank details', bankDetails, 2],
  ])('a cash-out %s with an idempotency key takes at most %i round trips', async (_flow, receiver, bound) => {
    // The first one warms what is cached per process (participants, the fee schedule, limits).
    await cashOut(app, c, { amount: '1.00', ...receiver }, { 'X-Idempotency-Key': randomUUID() });
    const trips = await roundTripsOf(() => cashOut(app, c, { amount: '1.00', ...receiver }, { 'X-Idempotency-Key': randomUUID() }));
    expect(trips).toBeLessThanOrEqual(bound);
  });
});
