import { RateLimiterMemory } from 'rate-limiter-flexible';
import { FailureBudget, keyIdBudgetKey, leaseSizeFor, PerMinuteBudget, RateLimitedError } from './rate-limiter.js';

/** A store that counts how often it is asked, over rate-limiter-flexible's own in-memory limiter. */
class CountingLimiter extends RateLimiterMemory {
  asked = 0;
  override consume(key: string | number, points?: number) {
    this.asked++;
    return super.consume(key, points);
  }
}

describe('PerMinuteBudget, spent in leases', () => {
  it('leases 1% of the budget, at least one point', () => {
    expect(leaseSizeFor(1200)).toBe(12);
    expect(leaseSizeFor(100_000_000)).toBe(1_000_000);
    expect(leaseSizeFor(150)).toBe(1);
    expect(leaseSizeFor(3)).toBe(1);
  });

  it('asks the shared store once per lease, and serves the rest of the lease locally', async () => {
    const store = new CountingLimiter({ points: 1200, duration: 60 });
    const budget = new PerMinuteBudget(store, leaseSizeFor(1200), () => 0);
    for (let i = 0; i < 24; i++) await budget.consume('client:a');
    expect(store.asked).toBe(2);
    expect((await store.get('client:a'))?.consumedPoints).toBe(24);
  });

  it('is exact with a one-point lease: the budget+1st request is refused with the seconds to wait', async () => {
    const budget = new PerMinuteBudget(new RateLimiterMemory({ points: 3, duration: 60 }), leaseSizeFor(3), () => 0);
    for (let i = 0; i < 3; i++) await budget.consume('client:a');
    const refusal = budget.consume('client:a');
    await expect(refusal).rejects.toThrow(RateLimitedError);
    await expect(refusal).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 60 });
  });

  it('serves exactly the budget when it is a whole number of leases, then refuses', async () => {
    const budget = new PerMinuteBudget(new RateLimiterMemory({ points: 400, duration: 60 }), leaseSizeFor(400), () => 0);
    let served = 0;
    for (let i = 0; i < 401; i++) {
      try {
        await budget.consume('client:a');
        served++;
      } catch (e) {
        expect(e).toBeInstanceOf(RateLimitedError);
      }
    }
    expect(served).toBe(400);
  });

  it('keeps keys apart, and drops a lease when its window ends (the next request asks the store again)', async () => {
    let now = 0;
    const store = new CountingLimiter({ points: 1000, duration: 60 });
    const budget = new PerMinuteBudget(store, leaseSizeFor(1000), () => now);
    await budget.consume('client:a');
    await budget.consume('client:b');
    expect(store.asked).toBe(2);
    await budget.consume('client:a');
    expect(store.asked).toBe(2);
    now = 61_000;
    await budget.consume('client:a');
    expect(store.asked).toBe(3);
  });

  it('spends a cost and a penalty from the lease when it holds enough, and asks the store otherwise', async () => {
    const store = new CountingLimiter({ points: 1000, duration: 60 });
    const budget = new PerMinuteBudget(store, leaseSizeFor(1000), () => 0);
    await budget.consume('client:a', 1); // leases 10, 9 left
    await budget.penalize('client:a', 4); // 5 left
    await budget.consume('client:a', 5); // 0 left
    expect(store.asked).toBe(1);
    await budget.consume('client:a', 12); // more than a lease: takes the cost itself
    expect(store.asked).toBe(2);
    expect((await store.get('client:a'))?.consumedPoints).toBe(22);
  });

  it('with a one-point lease asks the store for every point, penalties included (the exact budget)', async () => {
    const store = new RateLimiterMemory({ points: 60, duration: 60 });
    const budget = new PerMinuteBudget(store, leaseSizeFor(60), () => 0);
    await budget.consume('client:a', 1);
    await budget.penalize('client:a', 4);
    expect((await store.get('client:a'))?.consumedPoints).toBe(5);
  });
});

describe('keyIdBudgetKey', () => {
  it('names the budget of a key id by a hash: the same for the same first 64 characters, never the value itself', () => {
    const secretPastedByMistake = `sk_${'s'.repeat(43)}`;
    const key = keyIdBudgetKey(secretPastedByMistake);
    expect(key).not.toContain('sss');
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(keyIdBudgetKey(secretPastedByMistake)).toBe(key);
    expect(keyIdBudgetKey('key_a')).not.toBe(keyIdBudgetKey('key_b'));
    expect(keyIdBudgetKey('k'.repeat(64) + 'tail-1')).toBe(keyIdBudgetKey('k'.repeat(64) + 'tail-2'));
  });
});

describe('FailureBudget', () => {
  it('refuses only once `points` failures are recorded, spends nothing on a check, and keeps keys apart', async () => {
    const store = new RateLimiterMemory({ points: 2, duration: 60 });
    const budget = new FailureBudget(store);
    for (let i = 0; i < 10; i++) await budget.ensureLeft('k:a'); // checks alone never spend
    expect(await store.get('k:a')).toBeNull();
    await budget.spend('k:a');
    await budget.ensureLeft('k:a');
    await budget.spend('k:a');
    const refusal = budget.ensureLeft('k:a');
    await expect(refusal).rejects.toThrow(RateLimitedError);
    await expect(refusal).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 60 });
    await expect(budget.ensureLeft('k:b')).resolves.toBeUndefined();
  });
});
