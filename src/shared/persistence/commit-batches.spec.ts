import { jest } from '@jest/globals';
import { CommitBatches, type BatchEntry } from './commit-batches.js';

/** A batch runner the test ends by hand: it records each batch and answers every entry with its group. */
function recorder() {
  const batches: { groups: string[]; end: (err?: Error) => void }[] = [];
  const run = (entries: BatchEntry[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push({
        groups: entries.map((e) => e.group),
        end: (err) => {
          if (err) return reject(err);
          for (const e of entries) e.resolve(e.group);
          resolve();
        },
      });
    });
  return { batches, run };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('CommitBatches', () => {
  it('with a window of 0, units of work submitted in the same turn of the event loop form one batch', async () => {
    const { batches, run } = recorder();
    const gc = new CommitBatches({ windowMs: 0, maxSize: 8, concurrency: 2 }, run);
    const answers = Promise.all(['a', 'b', 'c'].map((g) => gc.submit(g, async () => g)));
    expect(batches).toHaveLength(0);
    await turn();
    expect(batches.map((b) => b.groups)).toEqual([['a', 'b', 'c']]);
    batches[0]!.end();
    expect(await answers).toEqual(['a', 'b', 'c']);
  });

  it('closes a batch at once when it reaches its maximum size, and the rest wait for the window', async () => {
    const { batches, run } = recorder();
    const gc = new CommitBatches({ windowMs: 0, maxSize: 2, concurrency: 4 }, run);
    void gc.submit('a', async () => 0);
    void gc.submit('b', async () => 0);
    expect(batches.map((b) => b.groups)).toEqual([['a', 'b']]);
    void gc.submit('c', async () => 0);
    expect(batches).toHaveLength(1);
    await turn();
    expect(batches.map((b) => b.groups)).toEqual([['a', 'b'], ['c']]);
  });

  it('while every slot runs a batch, arrivals gather and start together as soon as one ends', async () => {
    const { batches, run } = recorder();
    const gc = new CommitBatches({ windowMs: 0, maxSize: 8, concurrency: 1 }, run);
    void gc.submit('a', async () => 0);
    await turn();
    for (const g of ['b', 'c', 'd']) void gc.submit(g, async () => 0);
    await turn();
    expect(gc.waitingCount).toBe(3);
    expect(batches).toHaveLength(1);
    batches[0]!.end();
    await turn();
    expect(batches.map((b) => b.groups)).toEqual([['a'], ['b', 'c', 'd']]);
    expect(gc.inFlight).toBe(1);
  });

  it('a batch that throws fails the units of work it did not answer, and the next batch still runs', async () => {
    const { batches, run } = recorder();
    const gc = new CommitBatches({ windowMs: 0, maxSize: 8, concurrency: 1 }, run);
    const failed = gc.submit('a', async () => 0);
    await turn();
    const next = gc.submit('b', async () => 0);
    batches[0]!.end(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await turn();
    batches[1]!.end();
    expect(await next).toBe('b');
  });

  it('waits windowMs for others when a slot is free', async () => {
    jest.useFakeTimers();
    try {
      const { batches, run } = recorder();
      const gc = new CommitBatches({ windowMs: 5, maxSize: 8, concurrency: 1 }, run);
      void gc.submit('a', async () => 0);
      jest.advanceTimersByTime(4);
      void gc.submit('b', async () => 0);
      expect(batches).toHaveLength(0);
      jest.advanceTimersByTime(1);
      expect(batches.map((b) => b.groups)).toEqual([['a', 'b']]);
    } finally {
      jest.useRealTimers();
    }
  });
});
