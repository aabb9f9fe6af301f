/** The settings that bound how long a cash-out can stay unsettled while the SPI does not answer. */
export interface SettlementTimings {
  spiTimeoutMs: number;
  settlementMaxAttempts: number;
  settlementBackoffMs: number;
  outboxPollMs: number;
}

/** Every cash-out must be terminal this long after creation, timeouts included (docs/adr/0070-settlement-budget-30-s.md). */
export const SETTLEMENT_BUDGET_MS = 30_000;

/**
 * Worst case from creation to a terminal state when every SPI call times out: the outbox relay's poll,
 * then each try waits the full SPI timeout, with Bull's exponential backoff (base, 2x base, 4x base, ...)
 * between tries. A killed worker adds its lock period; that case is not a timeout and is not counted.
 */
export function worstCaseSettlementMs(t: SettlementTimings): number {
  let total = t.outboxPollMs + t.settlementMaxAttempts * t.spiTimeoutMs;
  for (let retry = 0; retry < t.settlementMaxAttempts - 1; retry++) total += t.settlementBackoffMs * 2 ** retry;
  return total;
}
