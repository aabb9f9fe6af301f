import type { NestExpressApplication } from '@nestjs/platform-express';
import { http, newClient, startApp, type TestClient } from '../support/test-app.js';

const errorShape = {
  success: false,
  error: { code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) },
  request_id: expect.any(String),
};

describe('errors, input rules and request ids (e2e)', () => {
  let app: NestExpressApplication;
  let c: TestClient;

  beforeAll(async () => {
    app = await startApp();
    c = await newClient(app);
  });

  afterAll(() => app.close());

  const deposit = (body: unknown) =>
    http(app)
      .post('/api/v1/sandbox/deposits')
      .set(c.auth)
      .send(body as object);

  it('answers unknown routes with 404 in the error body', async () => {
    const res = await http(app).get('/api/v1/nowhere').set(c.auth);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ...errorShape, error: { code: 'ROUTE_NOT_FOUND' } });
  });

  it('echoes a safe X-Request-Id and makes one otherwise', async () => {
    const echoed = await http(app).get('/health').set('X-Request-Id', 'abc-123');
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const made = await http(app).get('/api/v1/nowhere');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.body.request_id).toBe(made.headers['x-request-id']);
    const unsafe = await http(app).get('/health').set('X-Request-Id', 'bad id with spaces');
    expect(unsafe.headers['x-request-id']).not.toBe('bad id with spaces');
  });

  it('413 for a body over 1 MiB', async () => {
    const res = await deposit({ amount: '1.00', payer: { name: 'x'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ ...errorShape, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('400 for malformed JSON', async () => {
    const res = await http(app).post('/api/v1/sandbox/deposits').set(c.auth).set('Content-Type', 'application/json').send('{"amount": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ...errorShape, error: { code: 'MALFORMED_JSON' } });
  });

  it('400 for unknown body fields', async () => {
    const res = await deposit({ amount: '1.00', surprise: true });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'surprise' })]);
  });

  it.each([[150], ['1e3'], ['-1.00'], ['1,00'], ['1.001'], ['0.00'], ['12345678901234'], [''], [null]])(
    'refuses amount %j with 400 VALIDATION_ERROR naming the field',
    async (amount) => {
      const res = await deposit({ amount });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ...errorShape, error: { code: 'VALIDATION_ERROR' } });
      expect(res.body.error.details[0].field).toBe('amount');
    },
  );

  it('never shows a stack, SQL or secret in an error body', async () => {
    const res = await deposit({ amount: '1.00', account_id: 'zzz' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|SELECT|stack/i);
  });

  describe('global per-client rate limit', () => {
    let limited: NestExpressApplication;

    beforeAll(async () => {
      limited = await startApp({ rateLimitPerMinute: 3 });
    });

    afterAll(() => limited.close());

    it('429 RATE_LIMITED with Retry-After once the budget is spent', async () => {
      const d = await newClient(limited);
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await http(limited).get('/api/v1/pix/balance').set(d.auth);
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(last!.body).toMatchObject({ ...errorShape, error: { code: 'RATE_LIMITED' } });
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
