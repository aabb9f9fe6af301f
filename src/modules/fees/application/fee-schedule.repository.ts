import type { FeeRule } from '../domain/fee-rule.value-object.js';

/** Port to each client's fee rules per transaction type. */
export abstract class FeeScheduleRepository {
  abstract find(clientId: string, transactionType: string): Promise<FeeRule | null>;
  abstract list(clientId: string): Promise<{ transactionType: string; rule: FeeRule; updatedAt: Date }[]>;
  abstract save(clientId: string, transactionType: string, rule: FeeRule, adminId: string): Promise<void>;
}
