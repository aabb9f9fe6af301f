import { AsyncLocalStorage } from 'node:async_hooks';

const lane = new AsyncLocalStorage<'background'>();

/**
 * Runs `work` in the background lane: queue jobs (settlement, reconciliation) and other work no client
 * waits on. Its database transactions are not counted against the cap on request transactions, so a
 * burst of requests can never take the connections settlement needs (PipelinedUnitOfWork).
 */
export function inBackgroundLane<T>(work: () => Promise<T>): Promise<T> {
  return lane.run('background', work);
}

export function isBackgroundLane(): boolean {
  return lane.getStore() === 'background';
}
