import { Injectable } from '@nestjs/common';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { effectiveCaps } from '../domain/default-limits.js';
import { LIMIT_TYPES, type DayPeriod, type LimitType } from '../domain/limit-kinds.js';
import type { LimitSheet } from '../domain/limit-sheet.value-object.js';
import { limitWindows } from '../domain/limit-windows.js';
import { AccountLimitsRepository, type NighttimeSetting } from './account-limits.repository.js';
import { LimitSheets } from './limit-sheets.service.js';
import { Clock } from '../../../shared/time/clock.js';

export interface LimitsView {
  accountId: string;
  current: DayPeriod;
  /** When the nighttime starts now, and a change waiting for its 06:00. */
  nighttime: NighttimeSetting;
  sheets: Record<LimitType, LimitSheet>;
}

/** The caps, usage and room left of every limit type of one of the caller's accounts, now. */
@Injectable()
export class GetLimitsUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly accountLimits: AccountLimitsRepository,
    private readonly sheets: LimitSheets,
    private readonly clock: Clock,
  ) {}

  async execute(clientId: string, accountId?: string, now = this.clock.now()): Promise<LimitsView> {
    const { account, holder } = await this.accounts.ownAccount(clientId, accountId);
    const [overrides, nighttime] = await Promise.all([
      this.accountLimits.overrides(account.id, now),
      this.accountLimits.nighttimeStart(account.id, now),
    ]);
    const windows = limitWindows(now, nighttime.inForce);
    const caps = Object.fromEntries(LIMIT_TYPES.map((type) => [type, effectiveCaps(holder, type, overrides[type])]));
    const sheets = (await this.sheets.build(account.id, caps, windows)) as Record<LimitType, LimitSheet>;
    return { accountId: account.id, current: windows.current, nighttime, sheets };
  }
}
