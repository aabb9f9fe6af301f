import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Clock } from '../../../shared/time/clock.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { limitWindows, type NighttimeStart } from '../domain/limit-windows.js';
import { AccountLimitsRepository } from './account-limits.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface NighttimeStartChange {
  accountId: string;
  /** The start in force now. */
  inForce: NighttimeStart;
  nighttimeStart: NighttimeStart;
  effectiveAt: Date;
}

/**
 * The user's choice of when the nighttime starts (Resolução BCB nº 1/2020 as amended by nº 142/2021;
 * docs/adr/0220-nighttime-start-and-mei.md). A change applies at a 06:00, the boundary both windows share,
 * so no window's usage is split: moving back to 20:00 (more protection) at the next 06:00; moving to 22:00
 * shortens the night under its lower cap, so it is a raise of the nighttime allowance and waits as one does
 * (docs/adr/0214-limit-changes-timed-as-the-regulation-says.md): the first 06:00 at least 24 h after the
 * request, which is always before 48 h. Asking for the start in force drops a change still waiting.
 */
@Injectable()
export class SetNighttimeStartUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly accountLimits: AccountLimitsRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(clientId: string, start: NighttimeStart, accountId?: string): Promise<NighttimeStartChange> {
    const { account } = await this.accounts.ownAccount(clientId, accountId);
    return this.uow.run(async () => {
      const now = this.clock.now();
      const { inForce } = await this.accountLimits.nighttimeStart(account.id, now);
      const effectiveAt = start === inForce ? now : nextMorningFrom(start === '22:00' ? new Date(now.getTime() + DAY_MS) : now);
      await this.accountLimits.setNighttimeStart(account.id, start, effectiveAt, now);
      return { accountId: account.id, inForce, nighttimeStart: start, effectiveAt };
    });
  }
}

/** The first 06:00 (São Paulo) at or after `at`. */
export function nextMorningFrom(at: Date): Date {
  const w = limitWindows(at);
  // At night the night's end; by day the end of the coming night; at exactly 06:00 that instant.
  return w.daytime.from.getTime() === at.getTime() ? at : w.nighttime.to;
}
