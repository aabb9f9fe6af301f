import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../src/config/app.config.js';
import type { DomainEvent } from '../../src/shared/domain/domain-event.js';
import { OutboxSignal } from '../../src/shared/outbox/outbox-signal.js';
import { OutboxWriter } from '../../src/shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../src/shared/persistence/unit-of-work.js';
import { RedisConnection } from '../../src/shared/redis/redis.provider.js';
import { startApp } from '../support/test-app.js';

/** Resolves once `count()` reaches `n`, or rejects after 5 s. */
async function until(count: () => number, n: number): Promise<void> {
  for (let waited = 0; count() < n; waited += 10) {
    if (waited > 5000) throw new Error(`still ${count()} after 5 s, expected ${n}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The relays are woken by the process that committed outbox rows (in-process, and through Redis for the
 * other processes), not by a NOTIFY trigger, which serialises the commits of the transactions sending it.
 */
describe('OutboxSignal (e2e)', () => {
  let app: NestExpressApplication;
  let config: AppConfig;
  const others: { redis: RedisConnection; signal: OutboxSignal }[] = [];

  /** Another process's signal: its own connection and origin, the same Redis prefix. */
  function anotherProcess(): OutboxSignal {
    const redis = new RedisConnection(config);
    const signal = new OutboxSignal(redis, config);
    others.push({ redis, signal });
    return signal;
  }

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' }); // no relay of its own: the wake-ups counted are the test's
    config = app.get<AppConfig>(APP_CONFIG);
  });

  afterAll(async () => {
    for (const o of others) {
      await o.signal.onApplicationShutdown();
      await o.redis.onApplicationShutdown();
    }
    await app.close();
  });

  it('no trigger on outbox_messages sends a NOTIFY any more', async () => {
    const triggers: { tgname: string; source: string }[] = await app.get(DataSource).query(
      `SELECT t.tgname, p.prosrc AS source FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
         WHERE t.tgrelid = 'outbox_messages'::regclass AND NOT t.tgisinternal`,
    );
    // The triggers left are intakes: the webhooks' (docs/adr/0202-webhook-events-have-their-own-intake.md) and
    // API Pix callbacks' (docs/adr/0235-api-pix-webhooks-apart-on-the-same-machinery.md); neither notifies.
    expect(triggers.map((t) => t.tgname).sort()).toEqual(['outbox_messages_pix_callback_events', 'outbox_messages_webhook_events']);
    expect(triggers.filter((t) => /notify/i.test(t.source))).toEqual([]);
  });

  it('a commit that wrote outbox rows wakes a listener in another process, once per burst; a rollback wakes nobody', async () => {
    const worker = anotherProcess();
    let woken = 0;
    worker.onCommitted(() => woken++);
    await new Promise((r) => setTimeout(r, 200)); // its subscription is in place
    const uow = app.get(UnitOfWork);
    const outbox = app.get(OutboxWriter);
    // Not an event of the catalogue: nothing routes or delivers it (this app runs no relay), it is deleted after.
    const event = { type: 'probe.created', aggregateId: 'probe', clientId: null, payload: {}, webhook: false } as unknown as DomainEvent;

    await expect(
      uow.run(async () => {
        await outbox.append([event]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await new Promise((r) => setTimeout(r, 200));
    expect(woken).toBe(0);

    await uow.run(() => outbox.append([event]));
    await until(() => woken, 1);

    // Two commits in one burst: one signal.
    await Promise.all([uow.run(() => outbox.append([event])), uow.run(() => outbox.append([event]))]);
    await until(() => woken, 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(woken).toBeLessThanOrEqual(3);
    await app.get(DataSource).query(`DELETE FROM outbox_messages WHERE event_type = 'probe.created'`);
  });

  it("a process's own signal wakes its listeners directly, not a second time through Redis", async () => {
    const self = anotherProcess();
    let woken = 0;
    self.onCommitted(() => woken++);
    await new Promise((r) => setTimeout(r, 200));
    self.committed();
    await until(() => woken, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(woken).toBe(1);
  });
});
