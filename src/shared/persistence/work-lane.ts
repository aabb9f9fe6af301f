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

const groupCommit = new AsyncLocalStorage<{ group: string }>();

/**
 * Runs `work` so that its unit of work (the first `UnitOfWork.run` outside a transaction) may share one
 * database transaction with other callers' (group commit, docs/adr/0246-group-commit.md). `group` names
 * whose rows the batch locks first, in one statement (`GroupLock`): the client whose own account pays. Only
 * for a unit of work whose row locks are that group's own, so batches lock in one order and cannot deadlock.
 */
export function inGroupCommit<T>(group: string, work: () => Promise<T>): Promise<T> {
  return groupCommit.run({ group }, work);
}

/** The group of the caller's group-commit lane, or undefined outside one. */
export function groupCommitGroup(): string | undefined {
  return groupCommit.getStore()?.group;
}
