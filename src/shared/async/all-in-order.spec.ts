import { allInOrder } from './all-in-order.js';

/** A promise settled by hand, so the order of settlement is the test's, not a timer's. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('allInOrder', () => {
  it('answers every value, in the order given', async () => {
    const a = deferred<string>();
    const b = deferred<boolean>();
    const all = allInOrder([a.promise, Promise.resolve(2), b.promise]);
    b.resolve(true);
    a.resolve('a');
    await expect(all).resolves.toEqual(['a', 2, true]);
  });

  it('throws the first failure in the list, even when a later one failed sooner', async () => {
    const first = deferred<never>();
    const sooner = deferred<never>();
    const all = allInOrder([Promise.resolve('ok'), first.promise, sooner.promise]);
    sooner.reject(new Error('sooner in time'));
    await Promise.resolve();
    const firstInList = new Error('first in the list');
    first.reject(firstInList);
    await expect(all).rejects.toBe(firstInList);
  });

  it('waits for every step before throwing, so none is left running', async () => {
    const slow = deferred<string>();
    let settled = false;
    const all = allInOrder([Promise.reject(new Error('at once')), slow.promise]).finally(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    slow.resolve('slow');
    await expect(all).rejects.toThrow('at once');
  });
});
