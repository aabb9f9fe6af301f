import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { QrImageRenderer } from '../../src/modules/cash-in/application/qr-image-renderer.js';
import {
  QR_RENDER_QUEUE_MAX,
  QR_RENDER_THREADS,
  QrcodePngRenderer,
} from '../../src/modules/cash-in/infrastructure/qr-image/qrcode-png.renderer.js';
import { UnitOfWork } from '../../src/shared/persistence/unit-of-work.js';
import { eventually, http, newClient, startApp, type TestClient } from '../support/test-app.js';

const BURST = 40;

/** Renders held until `release()`: a worker pool saturated for as long as the test needs. */
function gate() {
  const held: (() => void)[] = [];
  let open = false;
  return {
    held,
    wait: () => (open ? Promise.resolve() : new Promise<void>((resolve) => held.push(resolve))),
    release() {
      open = true;
      for (const resume of held.splice(0)) resume();
    },
  };
}

// issue 25, item 6: the QR image is drawn outside the request's transaction, and its queue is bounded.
// docs/adr/0204-one-idempotent-interceptor.md: it is drawn once the charge's transaction is over.
describe('charge creation under a burst (e2e)', () => {
  let app: NestExpressApplication;
  let merchant: TestClient;
  let payer: TestClient;
  let payee: TestClient;
  let renderer: QrcodePngRenderer;

  const create = (headers: Record<string, string> = {}) =>
    http(app).post('/api/v1/pix/cash-in/qrcode').set(merchant.auth).set(headers).send({ amount: '10.00', reference: 'burst' });
  const chargesOf = async (c: TestClient) =>
    Number((await app.get(DataSource).query(`SELECT count(*)::int AS n FROM cash_in_charges WHERE client_id = $1`, [c.clientId]))[0].n);
  beforeAll(async () => {
    app = await startApp();
    merchant = await newClient(app, { legal: true, name: 'Loja Burst Ltda' });
    payer = await newClient(app, { balance: '1000.00' });
    payee = await newClient(app);
    renderer = app.get(QrImageRenderer) as QrcodePngRenderer;
    expect(renderer).toBeInstanceOf(QrcodePngRenderer);
  });

  afterAll(() => app.close());

  it('charges waiting for their QR image hold no connection, and other clients keep paying', async () => {
    const images = gate();
    const internals = renderer as unknown as { draw(text: string): Promise<string> };
    const draw = internals.draw.bind(renderer);
    const uow = app.get(UnitOfWork);
    // Whether each render was asked for inside a database transaction (the connection it would pin).
    const insideTransaction: boolean[] = [];
    internals.draw = async (text: string) => {
      insideTransaction.push(uow.inTransaction());
      await images.wait();
      return draw(text);
    };
    try {
      const before = await chargesOf(merchant);
      // `.then` sends the request now (supertest sends on the first `then`).
      const burst = Array.from({ length: BURST }, () => create().then((res) => res));
      // Every request of the burst reaches its render: none waits for a connection held by another's render.
      await eventually(async () => images.held.length === BURST);
      expect(insideTransaction).toEqual(Array(BURST).fill(false));
      // Another client's payments go through while all those images wait.
      const transfers = await Promise.all(
        Array.from({ length: 10 }, () =>
          http(app).post('/api/v1/pix/p2p/transfers').set(payer.auth).send({ to_account_id: payee.accountId, amount: '1.00' }),
        ),
      );
      expect(transfers.map((t) => t.status)).toEqual(Array(10).fill(201));
      expect((await http(app).get('/api/v1/pix/balance').set(payee.auth)).status).toBe(200);
      // Each charge committed before its image was asked for: the images wait with no transaction open.
      expect(await chargesOf(merchant)).toBe(before + BURST);

      images.release();
      const answers = await Promise.all(burst);
      expect(answers.map((a) => a.status)).toEqual(Array(BURST).fill(200));
      for (const a of answers) expect(a.body.qr_code).toMatch(/^data:image\/png;base64,/);
      expect(await chargesOf(merchant)).toBe(before + BURST);
    } finally {
      images.release();
      delete (internals as Partial<typeof internals>).draw;
    }
  });

  it('a full render queue answers 503 with Retry-After and writes nothing; a retry with the same key then succeeds', async () => {
    const images = gate();
    const internals = renderer as unknown as { draw(text: string): Promise<string> };
    internals.draw = async () => {
      await images.wait();
      return 'data:image/png;base64,';
    };
    const bound = QR_RENDER_THREADS + QR_RENDER_QUEUE_MAX;
    let filling: Promise<unknown>[] = [];
    // Nothing of an earlier test still rendering: the bound is counted from zero.
    await eventually(async () => (renderer as unknown as { outstanding: number }).outstanding === 0);
    try {
      filling = Array.from({ length: bound }, (_, i) => renderer.pngDataUri(`filler-${i}`));
      await eventually(async () => images.held.length === bound);
      const before = await chargesOf(merchant);
      const key = randomUUID();

      const refused = await create({ 'X-Idempotency-Key': key });
      expect(refused.status).toBe(503);
      expect(refused.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await chargesOf(merchant)).toBe(before);

      images.release();
      await Promise.all(filling);
      delete (internals as Partial<typeof internals>).draw;
      const retried = await create({ 'X-Idempotency-Key': key });
      expect(retried.status).toBe(200);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      expect(await chargesOf(merchant)).toBe(before + 1);
    } finally {
      images.release();
      await Promise.allSettled(filling);
      delete (internals as Partial<typeof internals>).draw;
    }
  });
});
