import type { AppConfig } from '../../../../config/app.config.js';
import { SettableClock } from '../../../../shared/time/settable-clock.js';
import type { ExpireLimitRequestsUseCase } from '../../application/expire-limit-requests.use-case.js';
import { EXPIRY_SWEEP_INTERVAL_MS, LimitRequestExpiryScheduler } from './limit-request-expiry.scheduler.js';

describe('LimitRequestExpiryScheduler', () => {
  const realSetInterval = globalThis.setInterval;
  let timers: { tick: () => void; ms: number }[];
  let calls: number;

  const scheduler = (appRole: AppConfig['appRole'], batches: number[] = [0]) => {
    calls = 0;
    const expire = { execute: async () => batches[calls++] ?? 0 } as unknown as ExpireLimitRequestsUseCase;
    return new LimitRequestExpiryScheduler(expire, { appRole } as AppConfig, new SettableClock(new Date('2026-03-10T15:00:00.000Z')));
  };

  beforeEach(() => {
    timers = [];
    globalThis.setInterval = ((tick: () => void, ms: number) => {
      timers.push({ tick, ms });
      return { unref: () => undefined } as unknown as NodeJS.Timeout;
    }) as unknown as typeof setInterval;
  });

  afterEach(() => {
    globalThis.setInterval = realSetInterval;
  });

  it('sweeps every minute in worker processes', async () => {
    const s = scheduler('worker');
    s.onApplicationBootstrap();
    expect(timers.map((t) => t.ms)).toEqual([EXPIRY_SWEEP_INTERVAL_MS]);
    expect(EXPIRY_SWEEP_INTERVAL_MS).toBe(60_000);
    timers[0]!.tick(); // exactly one timer, asserted above
    await s.onApplicationShutdown(); // waits for the sweep in flight
    expect(calls).toBe(1);
  });

  it('never sweeps in an api-only process', () => {
    scheduler('api').onApplicationBootstrap();
    expect(timers).toEqual([]);
  });

  it('keeps claiming batches while they come back full', async () => {
    const s = scheduler('all', [100, 100, 7]);
    expect(await s.sweepOnce(new Date('2026-03-10T15:00:00.000Z'))).toBe(207);
    expect(calls).toBe(3);
  });
});
