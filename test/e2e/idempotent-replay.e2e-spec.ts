import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { buildOpenApi } from '../../src/bootstrap.js';
import { http, newClient, startApp, type TestClient } from '../support/test-app.js';

interface Operation {
  parameters?: { in: string; name: string }[];
}

/** A request that succeeds once for each idempotent operation of the document: method, path and body. */
type Request = { client: TestClient; path: string; body: object };

/** `METHOD /path` of every operation that takes `X-Idempotency-Key`, read from the OpenAPI document. */
function idempotentOperations(app: NestExpressApplication): string[] {
  const doc = buildOpenApi(app);
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>)
      .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'x-idempotency-key'))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
}

// docs/conventions.md §5: same key and same body -> "the stored answer again, with Idempotent-Replayed: true".
describe('idempotent operations replay their first answer byte for byte (driven by the OpenAPI document)', () => {
  let app: NestExpressApplication;
  let payer: TestClient;
  let payee: TestClient;
  let seq = 0;

  /** Metadata whose keys no store may reorder: jsonb would put `a` before `zz`, and shorter keys first. */
  const metadata = () => ({ zz: 'last written first', a: 1, nested: { y: true, b: [3, 2, 1] }, [`k${++seq}`]: null });

  const builders: Record<string, () => Promise<Request>> = {
    'POST /api/v1/pix/cash-out': async () => ({
      client: payer,
      path: '/api/v1/pix/cash-out',
      body: { amount: '1.00', pix_key: `replay${++seq}@example.com`, pix_key_type: 'EMAIL', description: 'replay', metadata: metadata() },
    }),
    'POST /api/v1/pix/cash-in/qrcode': async () => ({
      client: payee,
      path: '/api/v1/pix/cash-in/qrcode',
      body: { amount: '2.00', reference: `replay-${++seq}`, metadata: metadata() },
    }),
    'POST /api/v1/pix/p2p/transfers': async () => ({
      client: payer,
      path: '/api/v1/pix/p2p/transfers',
      body: { to_account_id: payee.accountId, amount: '3.00', description: 'replay', external_id: `p2p-replay-${++seq}` },
    }),
    'POST /api/v1/pix/reversals': async () => {
      const paid = await http(app)
        .post('/api/v1/pix/p2p/transfers')
        .set(payer.auth)
        .send({ to_account_id: payee.accountId, amount: '4.00' });
      expect(paid.status).toBe(201);
      return {
        client: payee,
        path: '/api/v1/pix/reversals',
        body: {
          amount: '1.50',
          external_id: `rev-replay-${++seq}`,
          end_to_end_id: paid.body.data.end_to_end_id,
          user_metadata: metadata(),
        },
      };
    },
  };

  beforeAll(async () => {
    app = await startApp({ sandboxSpiLatencyMs: 5 });
    payer = await newClient(app, { balance: '1000.00' });
    payee = await newClient(app);
  });

  afterAll(() => app.close());

  it('every operation that takes X-Idempotency-Key has a request here (a new one must be added)', () => {
    expect(idempotentOperations(app).sort()).toEqual(Object.keys(builders).sort());
  });

  it.each(Object.keys(builders))('%s: the replay is the first answer, byte for byte, with Idempotent-Replayed', async (operation) => {
    const { client, path, body } = await builders[operation]!();
    const key = randomUUID();
    const send = () => http(app).post(path).set(client.auth).set('X-Idempotency-Key', key).send(body);
    const first = await send();
    expect(first.status).toBeLessThan(300);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const replay = await send();
    expect(replay.status).toBe(first.status);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['content-type']).toBe(first.headers['content-type']);
    expect(replay.text).toBe(first.text);
  });
});
