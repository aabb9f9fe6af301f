import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { DomainError } from '../../src/shared/errors/domain-error.js';
import { TypeOrmUnitOfWork } from '../../src/shared/persistence/typeorm-unit-of-work.js';
import { startApp } from '../support/test-app.js';

/**
 * The unit of work sends deferred writes with the next read or the COMMIT, as literals in one
 * simple-protocol message. These tests hold it to the promises a plain transaction makes: order, the
 * values stored, all-or-nothing, and the refusal of the write that failed.
 */
describe('TypeOrmUnitOfWork batching (e2e)', () => {
  let app: NestExpressApplication;
  let db: DataSource;
  let uow: TypeOrmUnitOfWork;
  const table = `uow_probe_${process.pid}`;

  beforeAll(async () => {
    app = await startApp();
    db = app.get(DataSource);
    uow = app.get(TypeOrmUnitOfWork);
    await db.query(
      `CREATE TABLE ${table} (id int PRIMARY KEY, label text, doc jsonb, amounts numeric(20,6)[], at timestamptz, ok boolean)`,
    );
  });

  afterAll(async () => {
    await db.query(`DROP TABLE IF EXISTS ${table}`);
    await app.close();
  });

  beforeEach(() => db.query(`TRUNCATE ${table}`));

  const insert = (id: number, label: unknown = 'x') => uow.write(`INSERT INTO ${table} (id, label) VALUES ($1, $2)`, [id, label]);

  it('a read sees the writes made before it in the same transaction, in order', async () => {
    const seen = await uow.run(async () => {
      await insert(1, 'first');
      await uow.write(`UPDATE ${table} SET label = label || '+updated' WHERE id = $1`, [1]);
      await insert(2, 'second');
      return uow.read<{ id: number; label: string }>(`SELECT id, label FROM ${table} ORDER BY id`, []);
    });
    expect(seen).toEqual([
      { id: 1, label: 'first+updated' },
      { id: 2, label: 'second' },
    ]);
    expect(await db.query(`SELECT count(*)::int AS n FROM ${table}`)).toEqual([{ n: 2 }]);
  });

  it('TypeORM queries of the manager also see the pending writes', async () => {
    const rows = await uow.run(async () => {
      await insert(7, 'via manager');
      return uow.manager().query(`SELECT label FROM ${table} WHERE id = $1`, [7]);
    });
    expect(rows).toEqual([{ label: 'via manager' }]);
  });

  it('stores the same values as bound parameters would, whatever characters they hold', async () => {
    const hostile = `O'Brien \\ "quoted" $1 ; COMMIT; -- ção 💸`;
    const doc = { note: hostile, nested: { n: 1.5 } };
    const amounts = ['0.01', '12345678901234.123456', null];
    const at = new Date('2026-02-03T04:05:06.789Z');
    await uow.run(() =>
      uow.write(`INSERT INTO ${table} (id, label, doc, amounts, at, ok) VALUES ($1, $2, $3::jsonb, $4::numeric[], $5, $6)`, [
        1,
        hostile,
        JSON.stringify(doc),
        amounts,
        at,
        false,
      ]),
    );
    await db.query(`INSERT INTO ${table} (id, label, doc, amounts, at, ok) VALUES ($1, $2, $3::jsonb, $4::numeric[], $5, $6)`, [
      2,
      hostile,
      JSON.stringify(doc),
      amounts,
      at,
      false,
    ]);
    const rows: { label: string; doc: unknown; amounts: string; at: Date; ok: boolean }[] = await db.query(
      `SELECT label, doc, amounts::text AS amounts, at, ok FROM ${table} ORDER BY id`,
    );
    expect(rows[0]).toEqual(rows[1]);
    expect(rows[0]).toEqual({ label: hostile, doc, amounts: '{0.010000,12345678901234.123456,NULL}', at, ok: false });
  });

  it('a failing write stops the COMMIT: nothing of the transaction is kept, and the write’s refusal is thrown', async () => {
    await db.query(`INSERT INTO ${table} (id, label) VALUES (5, 'already there')`);
    const refusal = new DomainError('DUPLICATE_EXTERNAL_ID', 'duplicate');
    const run = uow.run(async () => {
      await insert(1);
      await uow.write(`INSERT INTO ${table} (id, label) VALUES ($1, $2)`, [5, 'clash'], (err) => (err.code === '23505' ? refusal : null));
      await insert(9);
    });
    await expect(run).rejects.toBe(refusal);
    expect(await db.query(`SELECT id FROM ${table} ORDER BY id`)).toEqual([{ id: 5 }]);
  });

  it('an error in the work after deferred writes rolls them back without sending them', async () => {
    await expect(
      uow.run(async () => {
        await insert(1);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      uow.run(async () => {
        await uow.read(`SELECT 1`, []);
        await insert(2);
        throw new Error('after a read');
      }),
    ).rejects.toThrow('after a read');
    expect(await db.query(`SELECT id FROM ${table}`)).toEqual([]);
  });

  it('expect_rows refuses a write that touched another number of rows, and the transaction with it', async () => {
    const run = uow.run(async () => {
      await insert(1);
      await uow.write(
        `WITH u AS (UPDATE ${table} SET label = 'y' WHERE id = $1 RETURNING 1) SELECT expect_rows((SELECT count(*) FROM u), 1, 'probe row missing')`,
        [404],
      );
    });
    await expect(run).rejects.toMatchObject({ code: 'IP001', message: 'probe row missing' });
    expect(await db.query(`SELECT id FROM ${table}`)).toEqual([]);
  });

  it('prepares each statement once per connection and executes it by name after that', async () => {
    const probe = () =>
      uow.run(async () => {
        await insert(Math.floor(Math.random() * 1e9));
        // This connection's prepared statements, and how often each was planned (= executed).
        return uow.read<{ name: string; runs: number }>(
          `SELECT name, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements WHERE name LIKE 'ips_%'`,
          [],
        );
      });
    const first = await probe();
    expect(first.length).toBeGreaterThanOrEqual(2);
    let most = 0;
    for (let i = 0; i < 30; i++) most = Math.max(most, ...(await probe()).map((s) => s.runs));
    // 31 transactions over a pool of at most 20 connections: some connection ran its statements again,
    // by name, without preparing them anew (a second PREPARE of a name would have failed).
    expect(most).toBeGreaterThanOrEqual(2);
  });

  it('a failed message that carried PREPAREs leaves every connection usable (no "already exists")', async () => {
    await db.query(`INSERT INTO ${table} (id, label) VALUES (1, 'taken')`);
    for (let i = 0; i < 30; i++) {
      // A statement text new to each connection, prepared in front of a write that then fails.
      await expect(
        uow.run(async () => {
          await uow.write(`INSERT INTO ${table} (id, label) VALUES ($1, $2) /* probe ${i % 3} */`, [1, 'clash']);
          await uow.read(`SELECT 1`, []);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      await uow.run(() => uow.write(`INSERT INTO ${table} (id, label) VALUES ($1, $2) /* probe ${i % 3} */`, [100 + i, 'ok']));
    }
    expect(await db.query(`SELECT count(*)::int AS n FROM ${table}`)).toEqual([{ n: 31 }]);
  });

  it('a statement whose PREPARE is still in flight is not prepared a second time', async () => {
    const text = `INSERT INTO ${table} (id, label) VALUES ($1, $2) /* in flight ${randomUUID()} */`;
    await uow.run(async () => {
      await uow.write(text, [1, 'a']);
      const inFlight = uow.manager().query(`SELECT 1`); // sends START, the PREPARE and the first EXECUTE
      await uow.write(text, [2, 'b']); // queued while that message is on the wire
      await Promise.all([inFlight, uow.read(`SELECT 1`, [])]);
    });
    expect(await db.query(`SELECT id FROM ${table} ORDER BY id`)).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('a write outside a transaction runs at once', async () => {
    await insert(3, 'alone');
    expect(await db.query(`SELECT label FROM ${table}`)).toEqual([{ label: 'alone' }]);
  });

  it('the connection is clean for the next transaction after a failed batch', async () => {
    for (let i = 0; i < 25; i++) {
      await expect(uow.run(() => uow.read(`SELECT 1/0`, []))).rejects.toMatchObject({ code: '22012' });
    }
    expect(await uow.run(() => uow.read<{ one: number }>(`SELECT 1 AS one`, []))).toEqual([{ one: 1 }]);
    expect(
      await db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'idle in transaction' AND datname = current_database()`,
      ),
    ).toEqual([{ n: 0 }]);
  });
});
