import { FeeRule } from '../domain/fee-rule.value-object.js';
import { FeeScheduleRepository } from './fee-schedule.repository.js';

const SET_AT = new Date('2026-01-01T12:00:00.000Z');

/**
 * In-memory fee schedules for unit tests (pair it with the real FeePolicy). `setRule` stores a rule
 * built by FeeRule.of, so other modules' tests need not reach into this module's domain.
 */
export class InMemoryFeeSchedules extends FeeScheduleRepository {
  private readonly rules = new Map<string, { clientId: string; transactionType: string; rule: FeeRule; updatedAt: Date }>();

  /** Test helper: `clientId` pays `fixed` plus `percent`% on `transactionType`. */
  setRule(clientId: string, transactionType: string, fixed: string, percent: string): void {
    this.rules.set(`${clientId}/${transactionType}`, { clientId, transactionType, rule: FeeRule.of(fixed, percent), updatedAt: SET_AT });
  }

  async find(clientId: string, transactionType: string): Promise<FeeRule | null> {
    return this.rules.get(`${clientId}/${transactionType}`)?.rule ?? null;
  }

  async list(clientId: string): Promise<{ transactionType: string; rule: FeeRule; updatedAt: Date }[]> {
    return [...this.rules.values()]
      .filter((r) => r.clientId === clientId)
      .map(({ transactionType, rule, updatedAt }) => ({ transactionType, rule, updatedAt }));
  }

  async save(clientId: string, transactionType: string, rule: FeeRule): Promise<void> {
    this.rules.set(`${clientId}/${transactionType}`, { clientId, transactionType, rule, updatedAt: SET_AT });
  }
}
