import { Money } from '../../../shared/money/money.js';
import type { LimitType } from '../domain/limit-kinds.js';
import type { LimitWindows, TimeWindow } from '../domain/limit-windows.js';
import { LimitUsageRepository, type UsageByPeriod } from './limit-usage.repository.js';

/** What the usage counters read of a stored transaction (a transaction row's snapshot has these fields). */
export interface CountedTransaction {
  id: string;
  clientId: string;
  accountId: string;
  type: string;
  status: string;
  amount: Money;
  reference: string | null;
  createdAt: Date;
}

const LIMIT_TYPE_OF: Partial<Record<string, LimitType>> = { cash_out: 'pix_out', p2p_out: 'pix_out', cash_in: 'pix_in', p2p_in: 'pix_in' };
const COUNTED = new Set(['pending', 'queued', 'processing', 'completed', 'returned']);

/**
 * Usage counters computed from the transactions `source` gives, by the rules the database trigger keeps
 * (migration LimitUsage1763910000000): `cash_out`/`p2p_out` use `pix_out` and `cash_in`/`p2p_in` use
 * `pix_in` while pending, queued, processing, completed or returned, in the windows holding their
 * `created_at`; a `reversal_in` referencing such a payment of its client gives its amount back. Computed
 * on each read (the trigger adds at write time): the same totals for the tests' sequences of payments.
 */
export class InMemoryLimitUsage extends LimitUsageRepository {
  constructor(private readonly source: () => Iterable<CountedTransaction>) {
    super();
  }

  async usage(accountId: string, w: LimitWindows): Promise<Record<LimitType, UsageByPeriod>> {
    const rows = [...this.source()];
    const counted = (t: CountedTransaction) => COUNTED.has(t.status) && LIMIT_TYPE_OF[t.type] !== undefined;
    const deltas: { type: LimitType; at: Date; amount: Money }[] = [];
    for (const t of rows) {
      if (t.accountId === accountId && counted(t)) deltas.push({ type: LIMIT_TYPE_OF[t.type]!, at: t.createdAt, amount: t.amount });
      if (t.type !== 'reversal_in' || t.reference === null) continue;
      const original = rows.find((o) => o.clientId === t.clientId && o.id === t.reference);
      if (original && original.accountId === accountId && counted(original)) {
        deltas.push({ type: LIMIT_TYPE_OF[original.type]!, at: original.createdAt, amount: t.amount.negated() });
      }
    }
    const within = (window: TimeWindow, type: LimitType) =>
      deltas.filter((d) => d.type === type && d.at >= window.from && d.at < window.to).reduce((sum, d) => sum.plus(d.amount), Money.zero());
    const usage = (type: LimitType): UsageByPeriod => ({
      daytime: within(w.daytime, type),
      nighttime: within(w.nighttime, type),
      daily: within(w.day, type),
      monthly: within(w.month, type),
    });
    return { pix_out: usage('pix_out'), pix_in: usage('pix_in'), ted: usage('ted'), boleto: usage('boleto') };
  }
}
