import { getQueueToken } from '@nestjs/bull';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Queue } from 'bull';
import { SANDBOX_RETURN_JOB } from '../../src/modules/spi/application/spi-gateway.js';
import { QUEUE_SETTLEMENT } from '../../src/shared/queue/queue.names.js';
import { balanceOf, cashOut, settled } from '../support/payments.js';
import { newClient, startApp } from '../support/test-app.js';

/** A queued job is a hint, never an authority: its handler checks the database before money moves. */
describe('queue jobs are checked against the database (e2e)', () => {
  let app: NestExpressApplication;
  let settlement: Queue;

  beforeAll(async () => {
    app = await startApp({ sandboxSpiLatencyMs: 5 });
    settlement = app.get<Queue>(getQueueToken(QUEUE_SETTLEMENT));
  });

  afterAll(() => app.close());

  it('a return job for a payment the scheme never returned is refused: the cash-out stays completed, no money comes back', async () => {
    const payer = await newClient(app, { balance: '900.00' });
    const sent = await cashOut(app, payer, { amount: '50.00', pix_key: 'someone@example.com', pix_key_type: 'EMAIL' });
    expect(sent.status).toBe(200);
    const done = await settled(app, payer, sent.body.transaction_id);
    expect(done.status).toBe('completed');
    const before = await balanceOf(app, payer);
    // The job a board (or anyone with Redis) could add: a return the sandbox SPI never scheduled (`x.94` only).
    const job = await settlement.add(SANDBOX_RETURN_JOB, { endToEndId: done.end_to_end_id }, { jobId: `forged-${done.end_to_end_id}` });
    await job.finished();
    expect((await settled(app, payer, sent.body.transaction_id)).status).toBe('completed');
    expect(await balanceOf(app, payer)).toEqual(before);
  });

  it('the same job for a payment the scheme did return (x.94) plays it once', async () => {
    const payer = await newClient(app, { balance: '900.00' });
    const sent = await cashOut(app, payer, { amount: '50.94', pix_key: 'someone@example.com', pix_key_type: 'EMAIL' });
    const done = await settled(app, payer, sent.body.transaction_id, ['returned']);
    expect(done).toMatchObject({ status: 'returned' });
    expect((await balanceOf(app, payer)).available_balance).toBe('900.00');
  });
});
