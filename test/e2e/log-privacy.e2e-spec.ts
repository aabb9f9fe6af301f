import { PassThrough } from 'node:stream';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { QueryFailedError } from 'typeorm';
import { GetBalanceUseCase } from '../../src/modules/ledger/application/get-balance.use-case.js';
import { DAYTIME, http, newClient, startApp, type TestClient } from '../support/test-app.js';

/** Logs carry the shape of requests and errors, never a document, e-mail or phone number. */
describe('no personal data in logs (e2e)', () => {
  let app: NestExpressApplication;
  let c: TestClient;
  let lines: string[];

  beforeAll(async () => {
    const stream = new PassThrough();
    lines = [];
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    app = await startApp({ appRole: 'api', logLevel: 'info' }, DAYTIME, stream);
    c = await newClient(app, { name: 'Maria Privada' });
  });

  afterAll(() => app.close());

  it("keeps key values out of the logged URLs of GET and DELETE /pix/keys/:key, and a failed query's parameters out of a 500", async () => {
    const email = 'maria.privada@example.com';
    expect((await http(app).post('/api/v1/pix/keys').set(c.auth).send({ key_type: 'EMAIL', key_value: email })).status).toBeLessThan(300);
    expect((await http(app).post('/api/v1/pix/keys').set(c.auth).send({ key_type: 'CPF', key_value: c.document })).status).toBeLessThan(
      300,
    );
    expect(
      (
        await http(app)
          .get(`/api/v1/pix/keys/${encodeURIComponent(email)}`)
          .set(c.auth)
      ).status,
    ).toBe(200);
    expect((await http(app).delete(`/api/v1/pix/keys/${c.document}`).set(c.auth).send({ reason: 'USER_REQUESTED' })).status).toBeLessThan(
      300,
    );

    // A bug in a read path: the failed query carried the client's document and name.
    const balance = app.get(GetBalanceUseCase);
    const original = balance.execute.bind(balance);
    balance.execute = async () => {
      throw new QueryFailedError(
        'SELECT * FROM clients WHERE document = $1 AND name = $2',
        [c.document, c.name],
        Object.assign(new Error('boom'), { code: 'XX000', detail: `Key (document)=(${c.document})` }),
      );
    };
    try {
      expect((await http(app).get('/api/v1/pix/balance').set(c.auth)).status).toBe(500);
    } finally {
      balance.execute = original;
    }

    await new Promise((r) => setImmediate(r));
    const logged = lines.join('\n');
    expect(logged).toContain('/api/v1/pix/keys/[redacted]');
    expect(logged).toContain('QueryFailedError');
    for (const secret of [email, encodeURIComponent(email), c.document, c.name]) expect(logged).not.toContain(secret);
  });
});
