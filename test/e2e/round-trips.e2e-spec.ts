import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { PipelinedUnitOfWork } from '../../src/shared/persistence/pipelined-unit-of-work.js';
import { cashOut } from '../support/payments.js';
import { DAYTIME, newClient, startApp, type TestClient } from '../support/test-app.js';

/**
 * Round trips to Postgres are what a payment's latency is made of. The budget of a cash-out's creation is
 * three, whole request included (authentication, the idempotency claim, the payment's transaction and its
 * commit); measured: two by Pix key, one by bank details, since the claim travels in the payment's own
 * transaction (it was five before pipelining, three and two with the claim committed alone). The API role runs no relay or worker, so every round trip counted is the request's own.
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
    ['by Pix key', { pix_key: 'joana@example.com', pix_key_type: 'EMAIL' }],
    [
      'by bank details',
      {
        receiver_name: 'Joana Externa',
        receiver_document: '52998224725',
        receiver_ispb: '00000000',
        receiver_branch: '1234',
        receiver_account: '5678901',
        receiver_account_type: 'checking',
      },
    ],
  ])('a cash-out %s with an idempotency key takes at most 3', async (_flow, receiver) => {
    // The first one warms what is cached per process (participants, the fee schedule, limits).
    await cashOut(app, c, { amount: '1.00', ...receiver }, { 'X-Idempotency-Key': randomUUID() });
    const trips = await roundTripsOf(() => cashOut(app, c, { amount: '1.00', ...receiver }, { 'X-Idempotency-Key': randomUUID() }));
    expect(trips).toBeLessThanOrEqual(3);
  });
});
