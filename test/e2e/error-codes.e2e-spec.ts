import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Response } from 'supertest';
import { buildOpenApi } from '../../src/bootstrap.js';
import { ERROR_CATALOG, isErrorCode } from '../../src/shared/errors/error-catalog.js';
import { cashOut, settled } from '../support/payments.js';
import { http, newClient, startApp, type TestClient } from '../support/test-app.js';

type Method = 'get' | 'post' | 'put' | 'delete';

/** Real refusals, each checked against the OpenAPI document: the operation declares the code, under the catalog's status. */
describe('the codes operations answer are the codes they declare (e2e)', () => {
  let app: NestExpressApplication;
  let c: TestClient;
  let declared: (method: Method, path: string) => string[];

  beforeAll(async () => {
    app = await startApp({ sandboxSpiLatencyMs: 5 });
    c = await newClient(app, { balance: '50.00' });
    const doc = buildOpenApi(app);
    declared = (method, path) => {
      const op = (doc.paths[path] as Record<string, { 'x-error-codes'?: string[] } | undefined>)[method];
      if (!op) throw new Error(`no operation ${method.toUpperCase()} ${path} in the document`);
      return op['x-error-codes'] ?? [];
    };
  });

  afterAll(() => app.close());

  function expectDeclared(method: Method, path: string, res: Response, code: string): void {
    const answered = res.body?.error?.code as string;
    expect(answered).toBe(code);
    expect(isErrorCode(answered)).toBe(true);
    expect({ status: res.status, declared: declared(method, path).includes(answered) }).toEqual({
      status: ERROR_CATALOG[answered as keyof typeof ERROR_CATALOG].status,
      declared: true,
    });
  }

  it('a body in a charset or content encoding the parser cannot read: 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const charset = await http(app).post('/api/v1/auth/bearer-token').set('Content-Type', 'application/json; charset=latin1').send('{}');
    expectDeclared('post', '/api/v1/auth/bearer-token', charset, 'UNSUPPORTED_MEDIA_TYPE');
    const encoding = await http(app)
      .post('/api/v1/pix/cash-out')
      .set(c.auth)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'x-unknown')
      .send('{"amount":"1.00"}');
    expectDeclared('post', '/api/v1/pix/cash-out', encoding, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a sandbox return of more than the payment: 400 INVALID_STATE_TRANSITION', async () => {
    const paid = await cashOut(app, c, { amount: '10.00', pix_key: 'joana@example.com', pix_key_type: 'EMAIL' });
    expect(paid.status).toBe(200);
    await settled(app, c, paid.body.transaction_id, ['completed']);
    const path = '/api/v1/sandbox/cash-out/{id}/return';
    const res = await http(app).post(`/api/v1/sandbox/cash-out/${paid.body.transaction_id}/return`).set(c.auth).send({ amount: '10.01' });
    expectDeclared('post', path, res, 'INVALID_STATE_TRANSITION');
  });

  it('business refusals of payments, keys, transactions and limits', async () => {
    const poor = await cashOut(app, c, { amount: '999.00', pix_key: 'joana@example.com', pix_key_type: 'EMAIL' });
    expectDeclared('post', '/api/v1/pix/cash-out', poor, 'INSUFFICIENT_FUNDS');
    const missing = await http(app).get('/api/v1/pix/keys/notfound%40example.com').set(c.auth);
    expectDeclared('get', '/api/v1/pix/keys/{key}', missing, 'PIX_KEY_NOT_REGISTERED');
    const range = await http(app)
      .get('/api/v1/transactions')
      .query({ date_from: '2026-03-10T00:00:00.000Z', date_to: '2026-03-01T00:00:00.000Z' })
      .set(c.auth);
    expectDeclared('get', '/api/v1/transactions', range, 'INVALID_DATE_RANGE');
    // A raise (ted daily 20000.00 by default): a reduction is approved at once and never pending (docs/adr/0214-limit-changes-timed-as-the-regulation-says.md).
    const ask = () =>
      http(app).post('/api/v1/pix/limits/requests').set(c.auth).send({ type: 'ted', period: 'daily', requested_amount: '30000.00' });
    expect((await ask()).status).toBe(200);
    expectDeclared('post', '/api/v1/pix/limits/requests', await ask(), 'PENDING_REQUEST_EXISTS');
  });
});
