import type { NestExpressApplication } from '@nestjs/platform-express';
import { http, newClient, startApp, tokenFor } from '../support/test-app.js';

/** Simulation endpoints move (simulated) money: they need the write scope of what they simulate. */
describe('sandbox endpoints need the scope of what they simulate (e2e)', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' });
  });

  afterAll(() => app.close());

  it('a read-only token cannot deposit or return; the write scopes can', async () => {
    const c = await newClient(app, { balance: '5.00' });
    const as = async (scopes: string[]) => ({ Authorization: `Bearer ${await tokenFor(app, c.keyId, c.secret, scopes)}` });
    const readOnly = await as(['pix:balance:read']);
    const deposit = await http(app).post('/api/v1/sandbox/deposits').set(readOnly).send({ amount: '1000000.00' });
    expect(deposit.status).toBe(403);
    expect(deposit.body.error.code).toBe('INSUFFICIENT_SCOPE');
    const ret = await http(app).post('/api/v1/sandbox/cash-out/00000000-0000-4000-8000-000000000000/return').set(readOnly).send({});
    expect(ret.status).toBe(403);
    expect((await http(app).get('/api/v1/pix/balance').set(readOnly)).body.data.available_balance).toBe('5.00');

    expect(
      (
        await http(app)
          .post('/api/v1/sandbox/deposits')
          .set(await as(['pix:cashin:write']))
          .send({ amount: '1.00' })
      ).status,
    ).toBeLessThan(300);
    const missing = await http(app)
      .post('/api/v1/sandbox/cash-out/00000000-0000-4000-8000-000000000000/return')
      .set(await as(['pix:cashout:write']))
      .send({});
    expect(missing.status).toBe(404);
  });
});
