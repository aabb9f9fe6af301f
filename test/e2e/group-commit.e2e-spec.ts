import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { DomainError } from '../../src/shared/errors/domain-error.js';
import { PipelinedUnitOfWork } from '../../src/shared/persistence/pipelined-unit-of-work.js';
import { inGroupCommit } from '../../src/shared/persistence/work-lane.js';
import { balanceOf, cashOut } from '../support/payments.js';
import { eventually, http, newAdmin, newClient, startApp, type TestClient } from '../support/test-app.js';

/**
 * Group commit of cash-out creation (docs/adr/0246-group-commit.md): requests that arrive while a batch runs
 * share the next one, one transaction and one COMMIT, and each still gets its own answer, as if it had run
 * alone. One batch at a time here (`concurrency` 1), and the first batch is held on its first statement by a
 * lock the test takes: so the next requests gather whatever the machine's speed, and the test counts commits.
 */
describe('group commit of cash-out creation (e2e)', () => {
  let app: NestExpressApplication;
  let db: DataSource;
  let uow: PipelinedUnitOfWork;
  let a: TestClient;
  let b: TestClient;
  let c: TestClient;
  const byKey = (amount: string, extra: object = {}) => ({ amount, pix_key: 'joana@example.com', pix_key_type: 'EMAIL', ...extra });

  beforeAll(async () => {
    app = await startApp({ appRole: 'api', moneyBatch: { windowMs: 0, maxSize: 8, concurrency: 1 } });
    db = app.get(DataSource);
    uow = app.get(PipelinedUnitOfWork);
    [a, b, c] = [
      await newClient(app, { balance: '100.00' }),
      await newClient(app, { balance: '100.00' }),
      await newClient(app, { balance: '100.00' }),
    ];
  });

  afterAll(async () => {
    await db.query(`DROP TABLE IF EXISTS ${table}_child, ${table}`);
    await app.close();
  });

  const table = `group_commit_probe_${process.pid}`;
  const ids = async () => ((await db.query(`SELECT id FROM ${table} ORDER BY id`)) as { id: number }[]).map((r) => r.id);
  /** Units of work submitted in one tick: with a window of 0 they form one batch. */
  const unit = (id: number, after?: () => Promise<void>) =>
    inGroupCommit(randomUUID(), () =>
      uow.run(async () => {
        await uow.write(`INSERT INTO ${table} (id) VALUES ($1)`, [id]);
        await after?.();
        return id;
      }),
    );

  describe('the unit of work', () => {
    beforeAll(async () => {
      await db.query(`CREATE TABLE ${table} (id int PRIMARY KEY)`);
      await db.query(`CREATE TABLE ${table}_child (id int REFERENCES ${table} (id) DEFERRABLE INITIALLY DEFERRED)`);
    });
    beforeEach(() => db.query(`TRUNCATE ${table}, ${table}_child`));

    it('one that throws is undone alone; the others commit in one transaction, each answered after the commit', async () => {
      const seen: string[] = [];
      const commits = uow.commits;
      const answers = await Promise.allSettled([
        unit(1, async () => uow.afterCommit(() => seen.push('1 committed'))),
        unit(2, async () => {
          uow.afterCommit(() => seen.push('2 committed'));
          throw new DomainError('INSUFFICIENT_FUNDS', 'refused');
        }),
        unit(3),
      ]);
      expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((answers[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
      expect(uow.commits - commits).toBe(1);
      expect(await ids()).toEqual([1, 3]);
      expect(seen).toEqual(['1 committed']);
    });

    it('a statement of one unit that fails where nobody awaits it fails the batch before its commit: each unit then runs alone', async () => {
      await db.query(`INSERT INTO ${table} (id) VALUES (9)`);
      const answers = await Promise.allSettled([
        unit(1),
        inGroupCommit(randomUUID(), () =>
          uow.run(async () => {
            void uow.write(`INSERT INTO ${table} (id) VALUES (9)`); // a duplicate, not awaited
            return 9;
          }),
        ),
        unit(3),
      ]);
      expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await ids()).toEqual([1, 3, 9]);
    });

    it('a constraint checked only at the COMMIT fails the batch, which Postgres did not keep: each unit then runs alone', async () => {
      const commits = uow.commits;
      const answers = await Promise.allSettled([
        unit(1),
        inGroupCommit(randomUUID(), () => uow.run(() => uow.write(`INSERT INTO ${table}_child (id) VALUES (42)`))),
        unit(3),
      ]);
      expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((answers[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23503' });
      expect(await ids()).toEqual([1, 3]);
      // The batch's COMMIT was answered with the error; then one transaction each, two of them committed.
      expect(uow.commits - commits).toBe(2);
    });
  });

  /**
   * Starts a batch of one cash-out of `a` and holds it on a's balance, which the test locks: what is sent next
   * gathers for the next batch (one slot), whatever the machine's speed. `release` lets the held batch go on.
   */
  async function holdABatch() {
    const holder = db.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query(`SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE`, [a.accountId]);
    const first = cashOut(app, a, byKey('1.00')).then((r) => r);
    await eventually(async () => uow.batchesRunning === 1 && uow.waitingForBatch === 0);
    const release = async () => {
      await holder.rollbackTransaction();
      await holder.release();
    };
    return { first, release };
  }

  it('requests gathered while a batch runs commit together; each gets its own answer: done, refused, or replayed', async () => {
    const key = randomUUID();
    const refusedKey = randomUUID();
    let answers: { status: number; body: any; headers: Record<string, string> }[] = [];
    let commitsDuring = 0;
    const { first, release } = await holdABatch();
    const commitsBefore = uow.commits;
    const rest = Promise.all([
      cashOut(app, b, byKey('2.00', { external_id: 'gc-b' }), { 'X-Idempotency-Key': key }).then((r) => r),
      cashOut(app, b, byKey('2.00', { external_id: 'gc-b' }), { 'X-Idempotency-Key': key }).then((r) => r),
      cashOut(app, c, byKey('500.00', { external_id: 'gc-too-much' }), { 'X-Idempotency-Key': refusedKey }).then((r) => r),
      cashOut(app, c, byKey('3.00', { external_id: 'gc-c' })).then((r) => r),
    ]);
    await eventually(async () => uow.waitingForBatch === 4);
    await release();
    const done = await first;
    answers = await rest;
    commitsDuring = uow.commits - commitsBefore;

    // Two transactions: the held batch of one, then the batch of the four gathered behind it.
    expect(commitsDuring).toBe(2);
    expect(done.status).toBe(200);
    const [bFirst, bSecond, refused, cDone] = answers;
    // The duplicate key in the same batch answers the first's payment, replayed (docs/conventions.md §5).
    expect([bFirst!.status, bSecond!.status]).toEqual([200, 200]);
    expect(bSecond!.body.transaction_id).toBeDefined();
    expect(bSecond!.body.transaction_id).toBe(bFirst!.body.transaction_id);
    expect([bFirst!.headers['idempotent-replayed'], bSecond!.headers['idempotent-replayed']].sort()).toEqual(['true', undefined].sort());
    // The refusal is c's own; c's other payment in the same batch is not affected.
    expect(refused!.status).toBe(400);
    expect(refused!.body.error.code).toBe('INSUFFICIENT_FUNDS');
    expect(cDone!.status).toBe(200);
    expect((await balanceOf(app, a)).available_balance).toBe('99.00');
    expect((await balanceOf(app, b)).available_balance).toBe('98.00');
    expect((await balanceOf(app, c)).available_balance).toBe('97.00');
    // The refusal was stored on its key in the batch's transaction: a retry gets it again.
    const again = await cashOut(app, c, byKey('500.00', { external_id: 'gc-too-much' }), { 'X-Idempotency-Key': refusedKey });
    expect(again.status).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const leftBehind = await db.query(`SELECT count(*)::int AS n FROM transactions WHERE client_id = $1 AND external_id = 'gc-too-much'`, [
      c.clientId,
    ]);
    expect(leftBehind[0].n).toBe(0);
    const admin = await newAdmin(app);
    const verify = await http(app).get('/api/v1/admin/ledger/verify').set(admin.auth);
    expect(verify.body.data).toMatchObject({ balanced: true, unbalanced_journals: [], mismatched_accounts: [] });
  });

  it('payments of one account in one batch each see the ones before: the one past the balance is refused', async () => {
    const d = await newClient(app, { balance: '10.00' });
    const { first, release } = await holdABatch();
    const gathered = Promise.all(['4.00', '4.00', '4.00'].map((amount) => cashOut(app, d, byKey(amount)).then((r) => r)));
    await eventually(async () => uow.waitingForBatch === 3);
    await release();
    expect((await first).status).toBe(200);
    const statuses = (await gathered).map((r) => r.status);
    // Whichever ran third in the batch found 2.00 left.
    expect(statuses.sort()).toEqual([200, 200, 400]);
    expect(await balanceOf(app, d)).toMatchObject({ available_balance: '2.00', blocked_balance: '8.00' });
  });
});
