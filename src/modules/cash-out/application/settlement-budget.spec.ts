import { loadConfig } from '../../../config/app.config.js';
import { SETTLEMENT_BUDGET_MS, worstCaseSettlementMs } from './settlement-budget.js';

describe('settlement budget', () => {
  it('adds the relay poll, every try at its full SPI timeout and the doubling waits between tries', () => {
    expect(worstCaseSettlementMs({ outboxPollMs: 200, spiTimeoutMs: 3000, settlementMaxAttempts: 4, settlementBackoffMs: 1000 })).toBe(
      200 + 4 * 3000 + (1000 + 2000 + 4000),
    );
    expect(worstCaseSettlementMs({ outboxPollMs: 0, spiTimeoutMs: 500, settlementMaxAttempts: 1, settlementBackoffMs: 9999 })).toBe(500);
  });

  it('the default configuration keeps a timed-out payment inside 30 s', () => {
    const defaults = loadConfig({});
    expect(worstCaseSettlementMs(defaults)).toBeLessThanOrEqual(SETTLEMENT_BUDGET_MS);
  });

  it('the old defaults (5 tries, 2 s doubling) did not', () => {
    const old = { ...loadConfig({}), settlementMaxAttempts: 5, settlementBackoffMs: 2000 };
    expect(worstCaseSettlementMs(old)).toBeGreaterThan(SETTLEMENT_BUDGET_MS);
  });
});
