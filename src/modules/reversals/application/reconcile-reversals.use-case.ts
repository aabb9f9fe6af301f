import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { Clock } from '../../../shared/time/clock.js';
import { ReversalRepository } from './reversal.repository.js';
import { SettleReversalUseCase } from './settle-reversal.use-case.js';

const BATCH = 100;

/**
 * Finishes reversals left queued or processing past RECONCILE_AFTER_MS (their job lost with Redis, or
 * given up on a timeout): each is looked up at the SPI and settled. Safe with several sweepers: every
 * step re-reads the reversal under its row lock and acts only from the state it expects.
 */
@Injectable()
export class ReconcileReversalsUseCase {
  private readonly logger = new Logger(ReconcileReversalsUseCase.name);

  constructor(
    private readonly reversals: ReversalRepository,
    private readonly settle: SettleReversalUseCase,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'reconcileAfterMs'>,
  ) {}

  async execute(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.config.reconcileAfterMs);
    const ids = await this.reversals.unfinishedBefore(before, BATCH);
    for (const id of ids) {
      await this.settle.reconcile(id).catch((err: unknown) => this.logger.warn({ err, reversalId: id }, 'reversal still unfinished'));
    }
    return ids.length;
  }
}
