import { Injectable } from '@nestjs/common';
import type { CapTable } from '../domain/default-limits.js';
import type { LimitType } from '../domain/limit-kinds.js';
import { LimitSheet } from '../domain/limit-sheet.value-object.js';
import type { LimitWindows } from '../domain/limit-windows.js';
import { LimitUsageRepository, type UsageByPeriod } from './limit-usage.repository.js';

/**
 * Builds an account's LimitSheets from its caps and the stored usage counters of the windows: one
 * read, whatever the account's history. What counts as usage is decided where the counters are kept
 * (migration LimitUsage1763910000000): live and settled payments, returned ones net of the return.
 */
@Injectable()
export class LimitSheets {
  constructor(private readonly usage: LimitUsageRepository) {}

  async build(
    accountId: string,
    caps: Partial<Record<LimitType, CapTable>>,
    w: LimitWindows,
  ): Promise<Partial<Record<LimitType, LimitSheet>>> {
    return LimitSheets.from(caps, await this.used(accountId, w), w);
  }

  /** The stored usage of the account's windows (for callers that read it alongside other things). */
  used(accountId: string, w: LimitWindows): Promise<Record<LimitType, UsageByPeriod>> {
    return this.usage.usage(accountId, w);
  }

  /** `used` for several sets of windows, read together. */
  usedInEach(accountId: string, ws: readonly LimitWindows[]): Promise<Record<LimitType, UsageByPeriod>[]> {
    return this.usage.usageOfEach(accountId, ws);
  }

  static from(
    caps: Partial<Record<LimitType, CapTable>>,
    used: Record<LimitType, UsageByPeriod>,
    w: LimitWindows,
  ): Partial<Record<LimitType, LimitSheet>> {
    const sheets: Partial<Record<LimitType, LimitSheet>> = {};
    for (const [type, table] of Object.entries(caps) as [LimitType, CapTable][]) {
      sheets[type] = new LimitSheet(type, table, used[type], w.current);
    }
    return sheets;
  }
}
