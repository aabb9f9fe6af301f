import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { BatchSweep } from '../../../../shared/queue/periodic-task.js';
import { Clock } from '../../../../shared/time/clock.js';
import { MED_DEADLINE_BATCH, MedDeadlines } from '../../application/med-deadlines.js';

export const MED_DEADLINE_SWEEP_INTERVAL_MS = 60_000;

/**
 * Moves MED requests along their deadlines every minute in worker processes (APP_ROLE worker or all):
 * the hold's time (`MED_BLOCK_HOURS`) ended unanswered -> IN_ANALYSIS with the hold released, unanswered at
 * `respond_by` -> CLOSED (docs/adr/0216-med-timelines-as-the-regulation-sets-them.md). A
 * timer in each worker, like the other sweeps (docs/adr/0140-med-concurrency.md); claims use SKIP LOCKED, so
 * several workers never move one request twice, and a request being answered is left to the answer.
 */
@Injectable()
export class MedDeadlineScheduler extends BatchSweep {
  constructor(
    private readonly deadlines: MedDeadlines,
    @Inject(APP_CONFIG) config: AppConfig,
    clock: Clock,
  ) {
    super({ appRole: config.appRole, everyMs: MED_DEADLINE_SWEEP_INTERVAL_MS, what: 'MED deadline sweep' }, clock, MED_DEADLINE_BATCH);
  }

  protected sweepBatch(now: Date, limit: number): Promise<number> {
    return this.deadlines.sweep(now, limit);
  }
}
