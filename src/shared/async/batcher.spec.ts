import { Batcher } from './batcher.js';

/** A run that records each group it was given and finishes only when the test says so. */
function controlledRun() {
  const groups: number[][] = [];
  const finishers: (() => void)[] = [];
  const run = (items: number[]) => {
    groups.push(items);
    return new Promise<PromiseSettledResult<string>[]>((resolve) => {
      finishers.push(() =>
        resolve(
          items.map((n) => (n < 0 ? { status: 'rejected', reason: new Error(`bad ${n}`) } : { status: 'fulfilled', value: `done ${n}` })),
        ),
      );
    });
  };
  return { groups, run, finishNext: () => finishers.shift()?.() };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('serves a call alone and at once when a run is free', async () => {
    const { groups, run, finishNext } = controlledRun();
    const batcher = new Batcher(run, 10, 1);
    const answer = batcher.submit(1);
    expect(groups).toEqual([[1]]);
    finishNext();
    await expect(answer).resolves.toBe('done 1');
  });

  it('groups the calls that arrive while every run is busy, and serves them together next', async () => {
    const { groups, run, finishNext } = controlledRun();
    const batcher = new Batcher(run, 10, 1);
    const answers = [1, 2, 3, 4].map((n) => batcher.submit(n));
    expect(groups).toEqual([[1]]);
    finishNext();
    await flush();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    finishNext();
    await expect(Promise.all(answers)).resolves.toEqual(['done 1', 'done 2', 'done 3', 'done 4']);
  });

  it('never puts more than maxBatch calls in a run, nor runs more than maxInFlight at once', async () => {
    const { groups, run, finishNext } = controlledRun();
    const batcher = new Batcher(run, 2, 2);
    const answers = [1, 2, 3, 4, 5, 6].map((n) => batcher.submit(n));
    expect(groups).toEqual([[1], [2]]);
    finishNext();
    await flush();
    expect(groups).toEqual([[1], [2], [3, 4]]);
    finishNext();
    finishNext();
    await flush();
    expect(groups).toEqual([[1], [2], [3, 4], [5, 6]]);
    finishNext();
    await expect(Promise.all(answers)).resolves.toHaveLength(6);
  });

  it("gives each call its own item's outcome: one failure does not fail the others", async () => {
    const { run, finishNext } = controlledRun();
    const batcher = new Batcher(run, 10, 1);
    const first = batcher.submit(0);
    const [good, bad] = [batcher.submit(7), batcher.submit(-7)];
    finishNext();
    await flush();
    finishNext();
    await expect(first).resolves.toBe('done 0');
    await expect(good).resolves.toBe('done 7');
    await expect(bad).rejects.toThrow('bad -7');
  });

  it('a run that throws fails every call of its group, and the next group is still served', async () => {
    let calls = 0;
    const batcher = new Batcher<number, number>(
      async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return items.map((n) => ({ status: 'fulfilled', value: n * 2 }));
      },
      10,
      1,
    );
    await expect(batcher.submit(1)).rejects.toThrow('connection lost');
    await expect(batcher.submit(2)).resolves.toBe(4);
  });

  it('a run that answers fewer outcomes than items fails the calls left without one', async () => {
    const batcher = new Batcher<number, number>(async ([n]) => [{ status: 'fulfilled', value: n ?? 0 }], 10, 1);
    const [first, second, third] = [batcher.submit(1), batcher.submit(2), batcher.submit(3)];
    await expect(first).resolves.toBe(1);
    await expect(second).resolves.toBe(2);
    await expect(third).rejects.toThrow('a batch of 2 answered 1 outcomes');
  });
});
