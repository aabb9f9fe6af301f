import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { effectiveCaps, type CapHolder } from '../domain/default-limits.js';
import { limitWindows } from '../domain/limit-windows.js';
import { LimitExceededError } from '../domain/limits.errors.js';
import { AccountLimitsRepository } from './account-limits.repository.js';
import { LimitPolicy, type LimitCheck } from './limit-policy.js';
import { LimitSheets } from './limit-sheets.service.js';

/**
 * The LimitPolicy over stored usage counters. The payment's transaction row has already added the
 * payment to its windows' counters and locked them (until commit), so two payments of one account
 * cannot both fit under the same room: the second waits for the first to commit or roll back, and then
 * reads a counter that includes (or no longer includes) it. O(1): three counters and one caps row.
 */
@Injectable()
export class AccountLimitPolicy extends LimitPolicy {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accountLimits: AccountLimitsRepository,
    private readonly accounts: AccountDirectory,
    private readonly sheets: LimitSheets,
  ) {
    super();
  }

  async assertWithinLimits(c: LimitCheck): Promise<void> {
    if (!this.uow.inTransaction()) throw new Error('LimitPolicy.assertWithinLimits must run inside UnitOfWork.run');
    const holder: CapHolder = c.personType ? { personType: c.personType, mei: c.mei ?? false } : await this.holderOf(c.clientId);
    // The account's nighttime may start at 20:00 or 22:00 (docs/adr/0220-nighttime-start-and-mei.md): the
    // counters of both windows (one statement) are read with the setting and the caps, all in one round trip (the unit of
    // work sends reads of the same tick together), and the setting then picks its own.
    const byStart = { '20:00': limitWindows(c.at, '20:00'), '22:00': limitWindows(c.at, '22:00') } as const;
    const [overrides, setting, [used20, used22]] = await Promise.all([
      this.accountLimits.overridesFor(c.accountId, c.type, c.at),
      this.accountLimits.nighttimeStart(c.accountId, c.at),
      this.sheets.usedInEach(c.accountId, [byStart['20:00'], byStart['22:00']]),
    ]);
    const windows = byStart[setting.inForce];
    const used = (setting.inForce === '22:00' ? used22 : used20)!;
    const sheets = LimitSheets.from({ [c.type]: effectiveCaps(holder, c.type, overrides) }, used, windows);
    const breaches = sheets[c.type]!.without(c.amount).breaches(c.amount);
    if (breaches.length > 0) throw new LimitExceededError(c.type, c.amount.toFixed2(), breaches);
  }

  private async holderOf(clientId: string): Promise<CapHolder> {
    const holder = await this.accounts.client(clientId);
    if (!holder) throw new NotFoundError('Client', 'CLIENT_NOT_FOUND');
    return holder;
  }
}
