import { jest } from '@jest/globals';
import { Socket } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { DomainError } from '../../src/shared/errors/domain-error.js';
import { PipelinedUnitOfWork } from '../../src/shared/persistence/pipelined-unit-of-work.js';
import type { DatabaseErrorFields } from '../../src/shared/persistence/sql-session.js';
import { startApp } from '../support/test-app.js';

/**
 * The unit of work on the driver's pipeline mode: each statement is sent when it is called, with bound
 * parameters, and fails on its own. These tests hold it to the promises a plain transaction makes (order,
 * the values stored, all-or-nothing) and to its own: a statement's refusal is thrown where it is awaited,
 * statements called together share a round trip, and nothing is patched or queued behind the driver's back.
 */
describe('PipelinedUnitOfWork (e2e)', () => {
  let app: NestExpressApplication;
  let db: DataSource;
  let uow: PipelinedUnitOfWork;
  const table = `uow_probe_${process.pid}`;
  const duplicate = new DomainError('DUPLICATE_EXTERNAL_ID', 'duplicate');
  const asDuplicate = (err: DatabaseErrorFields) => (err.code === '23505' ? duplicate : null);

  beforeAll(async () => {
    // The API role runs no relay or worker: every round trip counted here is the test's own.
    app = await startApp({ appRole: 'api' });
    db = app.get(DataSource);
    uow = app.get(PipelinedUnitOfWork);
    await db.query(
      `CREATE TABLE ${table} (id int PRIMARY KEY, label text, doc jsonb, amounts numeric(20,6)[], at timestamptz, ok boolean)`,
    );
  });

  afterAll(async () => {
    await db.query(`DROP TABLE IF EXISTS ${table}`);
    await app.close();
  });

  beforeEach(() => db.query(`TRUNCATE ${table}`));

  const insert = (id: number, label: unknown = 'x') =>
    uow.write(`INSERT INTO ${table} (id, label) VALUES ($1, $2)`, [id, label], asDuplicate);
  const ids = async () => ((await db.query(`SELECT id FROM ${table} ORDER BY id`)) as { id: number }[]).map((r) => r.id);

  it('a read sees the writes called before it in the same transaction, in call order, awaited or not', async () => {
    const seen = await uow.run(async () => {
      const first = insert(1, 'first');
      const update = uow.write(`UPDATE ${table} SET label = label || '+updated' WHERE id = $1`, [1]);
      await insert(2, 'second');
      expect(await Promise.all([first, update])).toEqual([1, 1]);
      return uow.read<{ id: number; label: string }>(`SELECT id, label FROM ${table} ORDER BY id`);
    });
    expect(seen).toEqual([
      { id: 1, label: 'first+updated' },
      { id: 2, label: 'second' },
    ]);
    expect(await ids()).toEqual([1, 2]);
  });

  it('write answers the number of rows the statement touched', async () => {
    await uow.run(async () => {
      await Promise.all([insert(1), insert(2), insert(3)]);
      expect(await uow.write(`UPDATE ${table} SET ok = true WHERE id >= $1`, [2])).toBe(2);
      expect(await uow.write(`DELETE FROM ${table} WHERE id = $1`, [404])).toBe(0);
    });
  });

  it('stores the same values as a plain bound-parameter query, whatever characters they hold', async () => {
    const hostile = `O'Brien \\ "quoted" $1 ; COMMIT; -- ção 💸`;
    const doc = { note: hostile, nested: { n: 1.5 } };
    const amounts = ['0.01', '12345678901234.123456', null];
    const at = new Date('2026-02-03T04:05:06.789Z');
    const text = `INSERT INTO ${table} (id, label, doc, amounts, at, ok) VALUES ($1, $2, $3::jsonb, $4::numeric[], $5, $6)`;
    await uow.run(() => uow.write(text, [1, hostile, JSON.stringify(doc), amounts, at, false]));
    await db.query(text, [2, hostile, JSON.stringify(doc), amounts, at, false]);
    const rows: unknown[] = await db.query(`SELECT label, doc, amounts::text AS amounts, at, ok FROM ${table} ORDER BY id`);
    expect(rows[0]).toEqual(rows[1]);
    expect(rows[0]).toEqual({ label: hostile, doc, amounts: '{0.010000,12345678901234.123456,NULL}', at, ok: false });
  });

  it('a failing statement throws its own refusal where it is awaited, and nothing of the transaction is kept', async () => {
    await db.query(`INSERT INTO ${table} (id, label) VALUES (5, 'already there')`);
    let thrownAt = '';
    const run = uow.run(async () => {
      await insert(1);
      try {
        await insert(5, 'clash');
      } catch (err) {
        thrownAt = 'the insert';
        throw err;
      }
      await insert(9);
    });
    await expect(run).rejects.toBe(duplicate);
    expect(thrownAt).toBe('the insert');
    expect(await ids()).toEqual([5]);
  });

  it('a failing statement nobody awaited: the next awaited statement and the commit throw its refusal, not 25P02', async () => {
    await db.query(`INSERT INTO ${table} (id, label) VALUES (5, 'already there')`);
    let seenByRead: unknown;
    const run = uow.run(async () => {
      void insert(5, 'clash');
      seenByRead = await uow.read(`SELECT 1`).catch((err: unknown) => err);
    });
    await expect(run).rejects.toBe(duplicate);
    expect(seenByRead).toBe(duplicate);
    await expect(
      uow.run(async () => {
        void insert(1);
        void insert(5, 'clash'); // the work returns without awaiting it: the COMMIT is answered by a rollback
      }),
    ).rejects.toBe(duplicate);
    expect(await ids()).toEqual([5]);
  });

  it('a read maps its own error too', async () => {
    const refusal = new DomainError('VALIDATION_ERROR', 'division');
    await expect(uow.run(() => uow.read(`SELECT 1 / $1::int AS q`, [0], (err) => (err.code === '22012' ? refusal : null)))).rejects.toBe(
      refusal,
    );
  });

  it('an error in the work after statements rolls them back', async () => {
    await expect(
      uow.run(async () => {
        await insert(1);
        void insert(2);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await ids()).toEqual([]);
  });

  it('withSavepoint: a refusal inside undoes only what the work wrote; the transaction goes on and commits', async () => {
    await db.query(`INSERT INTO ${table} (id, label) VALUES (5, 'already there')`);
    let inside: unknown;
    await uow.run(async () => {
      void insert(1, 'before the savepoint');
      inside = await uow
        .withSavepoint(async () => {
          void insert(2, 'inside, undone');
          void insert(5, 'clash'); // not awaited: the savepoint's rollback still waits for its answer
          await insert(3, 'behind the clash');
        })
        .catch((err: unknown) => err);
      await insert(4, 'after the rollback');
    });
    expect(inside).toBe(duplicate);
    expect(await ids()).toEqual([1, 4, 5]);
  });

  it('withSavepoint: a failure from before the savepoint still fails the transaction, with its own refusal', async () => {
    await db.query(`INSERT INTO ${table} (id, label) VALUES (5, 'already there')`);
    let inside: unknown;
    const run = uow.run(async () => {
      void insert(5, 'clash before the savepoint');
      inside = await uow.withSavepoint(() => insert(1)).catch((err: unknown) => err);
      await insert(2);
    });
    await expect(run).rejects.toBe(duplicate);
    expect(inside).toBe(duplicate);
    expect(await ids()).toEqual([5]);
  });

  it('withSavepoint: what the work wrote commits with the transaction when it succeeds', async () => {
    await uow.run(async () => {
      await uow.withSavepoint(() => insert(1));
      await insert(2);
    });
    expect(await ids()).toEqual([1, 2]);
  });

  it('expect_rows still refuses a write that touched another number of rows, and the transaction with it', async () => {
    const run = uow.run(async () => {
      await insert(1);
      await uow.read(
        `WITH u AS (UPDATE ${table} SET label = 'y' WHERE id = $1 RETURNING 1) SELECT expect_rows((SELECT count(*) FROM u), 1, 'probe row missing')`,
        [404],
      );
    });
    await expect(run).rejects.toMatchObject({ code: 'IP001', message: 'probe row missing' });
    expect(await ids()).toEqual([]);
  });

  it('statements called together share one round trip; BEGIN travels with the first, COMMIT with the last', async () => {
    const before = uow.roundTrips;
    await uow.run(async () => {
      await Promise.all([insert(1), insert(2), uow.read(`SELECT count(*) FROM ${table}`)]);
      void insert(3); // travels with the COMMIT
    });
    expect(uow.roundTrips - before).toBe(2);
    expect(await ids()).toEqual([1, 2, 3]);
    const idle = uow.roundTrips;
    await uow.run(async () => 'nothing to send');
    expect(uow.roundTrips).toBe(idle);
  });

  it('statements called in the same tick leave in one socket write, BEGIN with them', async () => {
    // Counts what reaches the kernel: a corked socket hands its buffered chunks to _writev in one call.
    const socket = Socket.prototype as unknown as { _writev: (...a: unknown[]) => unknown; _write: (...a: unknown[]) => unknown };
    const writev = jest.spyOn(socket, '_writev');
    const write = jest.spyOn(socket, '_write');
    try {
      await uow.run(async () => {
        writev.mockClear();
        write.mockClear();
        const together = Promise.all([insert(1), insert(2), insert(3), uow.read(`SELECT count(*) FROM ${table}`)]);
        expect(writev.mock.calls.length + write.mock.calls.length).toBe(0); // held until the tick ends
        await together;
        expect(writev.mock.calls.length + write.mock.calls.length).toBe(1);
      });
    } finally {
      writev.mockRestore();
      write.mockRestore();
    }
    expect(await ids()).toEqual([1, 2, 3]);
  });

  it('runUnflushed: one statement whose commit does not wait for the disk, in one round trip; other transactions still wait', async () => {
    const setting = `SELECT current_setting('synchronous_commit') AS value`;
    const before = uow.roundTrips;
    const [relaxed] = await uow.runUnflushed(() => uow.read<{ value: string }>(setting));
    expect(uow.roundTrips - before).toBe(1);
    expect(relaxed).toEqual({ value: 'off' });
    // SET LOCAL ended with its transaction: the connection (back in the pool) waits for the disk again.
    for (let i = 0; i < 3; i++) expect(await uow.run(() => uow.read<{ value: string }>(setting))).toEqual([{ value: 'on' }]);
    // Inside a caller's transaction it joins it and changes nothing: that commit decides, and waits.
    expect(await uow.run(() => uow.runUnflushed(() => uow.read<{ value: string }>(setting)))).toEqual([{ value: 'on' }]);
    // A refusal of the statement is its own, and nothing of it is kept.
    await insert(7);
    await expect(uow.runUnflushed(() => insert(7))).rejects.toBe(duplicate);
    expect(await ids()).toEqual([7]);
  });

  it('afterCommit runs once the COMMIT succeeded, never after a rollback, and a throwing callback does not fail the commit', async () => {
    const seen: string[] = [];
    await uow.run(async () => {
      uow.afterCommit(() => seen.push(`committed with ${seen.length} before`));
      await insert(1);
      expect(seen).toEqual([]); // not before the commit
      uow.afterCommit(() => {
        throw new Error('a broken callback');
      });
      uow.afterCommit(() => seen.push('after the broken one'));
    });
    expect(seen).toEqual(['committed with 0 before', 'after the broken one']);
    await expect(
      uow.run(async () => {
        uow.afterCommit(() => seen.push('rolled back'));
        await insert(1);
      }),
    ).rejects.toBe(duplicate);
    expect(seen).toHaveLength(2);
    expect(await ids()).toEqual([1]);
  });

  it('each statement text is prepared once per connection by the driver and executed by name after that', async () => {
    const probe = () =>
      uow.run(async () => {
        await insert(Math.floor(Math.random() * 1e9));
        // This connection's named statements, and how often each was planned (= executed).
        return uow.read<{ name: string; runs: number; from_sql: boolean }>(
          `SELECT name, (generic_plans + custom_plans)::int AS runs, from_sql FROM pg_prepared_statements WHERE name LIKE 'ips_%'`,
        );
      });
    const first = await probe();
    expect(first.length).toBeGreaterThanOrEqual(2);
    // Prepared through the protocol (Parse), not by PREPARE statements in SQL text.
    expect(first.every((s) => !s.from_sql)).toBe(true);
    let most = 0;
    for (let i = 0; i < 30; i++) most = Math.max(most, ...(await probe()).map((s) => s.runs));
    expect(most).toBeGreaterThanOrEqual(2);
  });

  it('a statement that failed in a transaction leaves every connection usable, its named statements too', async () => {
    await db.query(`INSERT INTO ${table} (id, label) VALUES (1, 'taken')`);
    for (let i = 0; i < 30; i++) {
      const text = `INSERT INTO ${table} (id, label) VALUES ($1, $2) /* probe ${i % 3} */`;
      await expect(
        uow.run(async () => {
          void uow.write(text, [1, 'clash']);
          await uow.write(text, [2, 'never']); // its Parse was skipped behind a failed one: 25P02, shown as the clash
        }),
      ).rejects.toMatchObject({ code: '23505' });
      await uow.run(() => uow.write(text, [100 + i, 'ok']));
    }
    expect(await db.query(`SELECT count(*)::int AS n FROM ${table}`)).toEqual([{ n: 31 }]);
    for (let i = 0; i < 25; i++) {
      await expect(uow.run(() => uow.read(`SELECT 1/0`))).rejects.toMatchObject({ code: '22012' });
    }
    expect(await uow.run(() => uow.read<{ one: number }>(`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
    expect(
      await db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE state LIKE 'idle in transaction%' AND datname = current_database()`,
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('a statement called after its unit of work ended is refused, not sent on a connection now in other hands', async () => {
    // A timer set inside the work runs in its context (AsyncLocalStorage) after the COMMIT.
    let sendLate!: (late: { statement: Promise<number> }) => void;
    const late = new Promise<{ statement: Promise<number> }>((resolve) => (sendLate = resolve));
    await uow.run(async () => {
      await insert(1);
      setTimeout(() => sendLate({ statement: insert(2) }), 10);
    });
    await expect((await late).statement).rejects.toThrow('after its unit of work ended');
    expect(await ids()).toEqual([1]);
  });

  it('a write outside a transaction runs at once', async () => {
    expect(await insert(3, 'alone')).toBe(1);
    expect(await db.query(`SELECT label FROM ${table}`)).toEqual([{ label: 'alone' }]);
  });

  it('many statements in flight on one connection raise no driver deprecation (the driver pipelines them)', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      await uow.run(() => Promise.all(Array.from({ length: 50 }, (_, i) => insert(i))));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
    expect(await ids()).toHaveLength(50);
  });
});
