import { Money } from '../money/money.js';
import { cashInExpired } from '../../modules/cash-in/domain/cash-in.events.js';
import { FakeOutbox, FakeUnitOfWork, inMemoryState, type Rollbackable } from './kernel.fakes.js';

/** A fake store of the usual shape: rows replaced on write, a call log, a sequence. */
class Store {
  readonly rows = new Map<string, { id: string; n: number }>();
  readonly tags = new Set<string>();
  readonly log: string[] = [];
  private readonly hidden: string[] = [];
  seq = 0;

  put(id: string, n: number): void {
    this.seq++;
    this.log.push(`put ${id}`);
    this.rows.set(id, { id, n });
    this.tags.add(id);
    this.hidden.push(id);
  }

  hiddenRows(): string[] {
    return [...this.hidden];
  }
}

const boom = () => new Error('refused');

describe('FakeUnitOfWork rollback', () => {
  let store: Store;
  let outbox: FakeOutbox;
  let uow: FakeUnitOfWork;

  beforeEach(() => {
    store = new Store();
    outbox = new FakeOutbox();
    uow = new FakeUnitOfWork({ strict: true }).track(inMemoryState(store, { keep: ['log'] }), inMemoryState(outbox));
    store.put('a', 1);
  });

  const state = () => ({ rows: [...store.rows.values()], tags: [...store.tags], hidden: store.hiddenRows(), events: outbox.events.length });

  it('a run whose work throws leaves the tracked fakes as they were when it began (private fields too), and commits nothing', async () => {
    const before = state();
    const rowsMap = store.rows;

    await expect(
      uow.run(async () => {
        store.put('b', 2);
        store.put('a', 9);
        await outbox.append([
          cashInExpired({ id: 'b', clientId: 'c', accountId: 'acc', txid: 't', reference: 'r', amount: Money.of('1.00') }),
        ]);
        throw boom();
      }),
    ).rejects.toThrow('refused');

    expect(state()).toEqual(before);
    expect(store.rows).toBe(rowsMap);
    expect(uow.committed).toBe(0);
    expect(uow.rolledBack).toBe(1);
  });

  it('keeps the fields named in `keep` and number fields, as a call log and a sequence are not rolled back', async () => {
    await expect(
      uow.run(async () => {
        store.put('b', 2);
        throw boom();
      }),
    ).rejects.toThrow();

    expect(store.log).toEqual(['put a', 'put b']);
    expect(store.seq).toBe(2);
  });

  it('a run that resolves keeps its writes and runs its after-commit callbacks; a failed one drops them', async () => {
    const called: string[] = [];
    await uow.run(async () => {
      store.put('b', 2);
      uow.afterCommit(() => called.push('ok'));
    });
    await expect(
      uow.run(async () => {
        uow.afterCommit(() => called.push('failed'));
        throw boom();
      }),
    ).rejects.toThrow();

    expect([...store.rows.keys()]).toEqual(['a', 'b']);
    expect(called).toEqual(['ok']);
    expect(uow.committed).toBe(1);
  });

  it('a nested run joins the outer one: its failure, caught inside, still leaves its writes until the outer run ends', async () => {
    await uow.run(async () => {
      await uow
        .run(async () => {
          store.put('b', 2);
          throw boom();
        })
        .catch(() => undefined);
      expect(store.rows.has('b')).toBe(true);
    });

    expect(store.rows.has('b')).toBe(true);
    expect(uow.rolledBack).toBe(0);
  });

  it('withSavepoint undoes only what its work wrote; the run goes on and commits what came before', async () => {
    await uow.run(async () => {
      store.put('before', 1);
      await expect(
        uow.withSavepoint(async () => {
          store.put('inside', 2);
          throw boom();
        }),
      ).rejects.toThrow('refused');
      store.put('after', 3);
    });

    expect([...store.rows.keys()]).toEqual(['a', 'before', 'after']);
    expect(store.hiddenRows()).toEqual(['a', 'before', 'after']);
    expect(uow.committed).toBe(1);
  });

  it('a savepoint that resolves keeps its writes, which the failing run around it then undoes', async () => {
    await expect(
      uow.run(async () => {
        await uow.withSavepoint(async () => store.put('inside', 2));
        throw boom();
      }),
    ).rejects.toThrow();

    expect([...store.rows.keys()]).toEqual(['a']);
  });

  it('strict: withSavepoint outside a run is refused, as the real one refuses it', async () => {
    await expect(uow.withSavepoint(async () => 1)).rejects.toThrow('withSavepoint must run inside UnitOfWork.run');
  });

  it('refuses to guess when another run overlapped the failed one: it throws, with the work error as the cause', async () => {
    let release!: () => void;
    const other = uow.run(() => new Promise<void>((resolve) => (release = resolve)));
    const failed = uow
      .run(async () => {
        store.put('b', 2);
        throw boom();
      })
      .catch((e: unknown) => e);

    const err = (await failed) as Error;
    release();
    await other;

    expect(err.message).toMatch(/cannot roll back this run: another run overlapped it/);
    expect(err.cause).toEqual(boom());
  });

  it('untracked, it rolls nothing back, as before', async () => {
    const plain = new FakeUnitOfWork();
    await expect(
      plain.run(async () => {
        store.put('b', 2);
        throw boom();
      }),
    ).rejects.toThrow('refused');

    expect(store.rows.has('b')).toBe(true);
    expect(plain.rolledBack).toBe(1);
  });

  it('takes a fake that implements Rollbackable itself', async () => {
    let value = 1;
    const own: Rollbackable = { snapshot: () => value, restore: (s) => (value = s as number) };
    const u = new FakeUnitOfWork().track(own);

    await expect(
      u.run(async () => {
        value = 2;
        throw boom();
      }),
    ).rejects.toThrow();

    expect(value).toBe(1);
  });

  it('restores a container field a test reassigned after tracking', async () => {
    outbox.events = [];
    await expect(
      uow.run(async () => {
        await outbox.append([
          cashInExpired({ id: 'c', clientId: 'c', accountId: 'acc', txid: 't', reference: 'r', amount: Money.of('1.00') }),
        ]);
        throw boom();
      }),
    ).rejects.toThrow();

    expect(outbox.events).toEqual([]);
  });

  it('inMemoryState refuses a fake with nothing to roll back, and a field to keep that it does not hold', () => {
    expect(() => inMemoryState({ n: 1 })).toThrow('holds no Map, Set or array to roll back');
    expect(() => inMemoryState(store, { keep: ['logs'] })).toThrow('has no Map, Set or array named logs to keep');
  });
});
