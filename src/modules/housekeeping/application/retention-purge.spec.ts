import { RetentionPurger } from '../../../shared/retention/retention-purger.js';
import { distinctPurgers, purgeAll } from './retention-purge.js';

/** A purger with `rows` expired rows; records the calls it gets. */
class CountingPurger extends RetentionPurger {
  readonly calls: { now: Date; limit: number }[] = [];

  constructor(
    readonly name: string,
    private rows: number,
  ) {
    super();
  }

  async purgeBatch(now: Date, limit: number): Promise<number> {
    this.calls.push({ now, limit });
    const deleted = Math.min(limit, this.rows);
    this.rows -= deleted;
    return deleted;
  }
}

const NOW = new Date('2026-11-26T12:00:00Z');

describe('purgeAll', () => {
  it('runs each purger batch after batch until a batch comes back short, and counts by name', async () => {
    const keys = new CountingPurger('idempotencyKeys', 7);
    const outbox = new CountingPurger('outboxMessages', 6);
    const none = new CountingPurger('qrLookups', 0);

    expect(await purgeAll([outbox, none, keys], NOW, 3)).toEqual({ idempotencyKeys: 7, outboxMessages: 6, qrLookups: 0 });
    // 3 + 3 + 1; 3 + 3 + 0 (a full batch may be the last: one more call finds nothing); 0.
    expect(keys.calls).toHaveLength(3);
    expect(outbox.calls).toHaveLength(3);
    expect(none.calls).toEqual([{ now: NOW, limit: 3 }]);
    expect([...keys.calls, ...outbox.calls].every((c) => c.now === NOW && c.limit === 3)).toBe(true);
  });

  it('runs the purgers in the order of their names, whatever order they come in', async () => {
    const order: string[] = [];
    const purger = (name: string) =>
      new (class extends CountingPurger {
        override async purgeBatch(now: Date, limit: number): Promise<number> {
          order.push(this.name);
          return super.purgeBatch(now, limit);
        }
      })(name, 0);
    await purgeAll([purger('b'), purger('c'), purger('a')], NOW, 10);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('a failing purger fails the run (the scheduler logs it and retries on its next tick)', async () => {
    const broken = new (class extends RetentionPurger {
      readonly name = 'broken';
      purgeBatch(): Promise<number> {
        return Promise.reject(new Error('database away'));
      }
    })();
    await expect(purgeAll([broken], NOW, 10)).rejects.toThrow('database away');
  });
});

describe('distinctPurgers', () => {
  it('keeps one of an instance found twice (a provider and its alias) and refuses two purgers of one name', () => {
    const a = new CountingPurger('qrLookups', 0);
    expect(distinctPurgers([a, a])).toEqual([a]);
    expect(() => distinctPurgers([a, new CountingPurger('qrLookups', 0)])).toThrow('two retention purgers are named qrLookups');
  });
});
