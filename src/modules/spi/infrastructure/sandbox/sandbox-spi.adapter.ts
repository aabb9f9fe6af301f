import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { UnitOfWork } from '../../../../shared/persistence/unit-of-work.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { JobPublisher } from '../../../../shared/queue/job-publisher.js';
import { QUEUE_SETTLEMENT } from '../../../../shared/queue/queue.names.js';
import {
  SANDBOX_RETURN_JOB,
  SpiGateway,
  TransientSpiError,
  type SpiOrder,
  type SpiOrderStatus,
  type SpiResult,
} from '../../application/spi-gateway.js';
import { sandboxOutcome } from './sandbox-spi.rules.js';
import { Money } from '../../../../shared/money/money.js';

/** The scheme's record of one order. */
interface OrderOutcome {
  outcome: string;
  code: string;
  message: string;
}

/**
 * Stands in for the Central Bank's SPI. Orders are kept by end-to-end id, so a re-sent order
 * (a worker died after sending) gets the first outcome back and is counted, never settled twice.
 * Its statements stand for the scheme's own records: they are meant to run on their own, outside any
 * unit of work (the SPI is called between a payment's transactions, never inside one).
 */
@Injectable()
export class SandboxSpiAdapter extends SpiGateway {
  constructor(
    private readonly sql: SqlSession,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobPublisher,
    private readonly uow: UnitOfWork,
  ) {
    super();
  }

  /** The order is accepted first and answered after the latency: a worker killed in between loses only the answer. */
  async send(order: SpiOrder): Promise<SpiResult> {
    const outcome = sandboxOutcome(order.amount);
    const row = await this.record(order, outcome);
    if (outcome.kind === 'timeout') {
      // The scheme took the order and rejected it on its side (AB03), but its answer never arrives: outlast
      // the caller's SPI_TIMEOUT_MS. Only a status query learns the outcome.
      await new Promise((resolve) => setTimeout(resolve, this.config.spiTimeoutMs + this.config.sandboxSpiLatencyMs).unref());
      throw new TransientSpiError('sandbox SPI timed out');
    }
    // A return is never itself returned: only payments get the `x.94` bounce.
    if (row.outcome === 'settled' && outcome.kind === 'settle' && outcome.returnLater && !order.returnOf) await this.scheduleReturn(order);
    await this.wait();
    return row.outcome === 'settled' ? { outcome: 'settled' } : { outcome: 'rejected', code: row.code, message: row.message };
  }

  /**
   * `x.94`: the receiving bank returns the payment a little later. Only these payments get a second job
   * (one per order: its id is the end-to-end id); every other payment settles with one job.
   */
  private scheduleReturn(order: SpiOrder): Promise<void> {
    return this.jobs.publish(
      QUEUE_SETTLEMENT,
      SANDBOX_RETURN_JOB,
      { endToEndId: order.endToEndId },
      {
        jobId: `sandbox-return-${order.endToEndId}`,
        delayMs: this.config.sandboxSpiLatencyMs + 50,
        attempts: 8,
        backoffMs: 200,
      },
    );
  }

  /** The order book's answer: an order the scheme settled whose amount's rule returns it later (`x.94`). */
  async returned(endToEndId: string): Promise<boolean> {
    const [row] = await this.sql.read<{ amount: string; outcome: string; original_end_to_end_id: string | null }>(
      'SELECT amount::text AS amount, outcome, original_end_to_end_id FROM sandbox_spi_orders WHERE end_to_end_id = $1',
      [endToEndId],
    );
    if (!row || row.outcome !== 'settled' || row.original_end_to_end_id !== null) return false;
    const rule = sandboxOutcome(Money.of(row.amount));
    return rule.kind === 'settle' && rule.returnLater;
  }

  async status(endToEndId: string): Promise<SpiOrderStatus> {
    const [row] = await this.sql.read<OrderOutcome>('SELECT outcome, code, message FROM sandbox_spi_orders WHERE end_to_end_id = $1', [
      endToEndId,
    ]);
    if (!row) return { outcome: 'unknown' };
    return row.outcome === 'settled' ? { outcome: 'settled' } : { outcome: 'rejected', code: row.code, message: row.message };
  }

  /**
   * Keeps the order by end-to-end id, with what it carried (initiation type, key, txid, remittance
   * information, or what it returns), as the scheme would; a re-sent order gets its first outcome back (and is counted).
   */
  private async record(order: SpiOrder, outcome: ReturnType<typeof sandboxOutcome>): Promise<OrderOutcome> {
    const rejection =
      outcome.kind === 'reject'
        ? { code: outcome.code, message: outcome.message }
        : outcome.kind === 'timeout'
          ? { code: 'AB03', message: 'Timeout: the receiving institution did not answer' }
          : null;
    // The order book is the simulated scheme's record. Its commit need not wait for the disk: an order lost
    // in a crash was never followed by its payment's outcome (that commit waits, and flushes the order
    // with it), so the payment is still in flight and reconciliation sends the order again.
    const [row] = await this.uow.runUnflushed(() =>
      this.sql.read<OrderOutcome>(
        `INSERT INTO sandbox_spi_orders (end_to_end_id, amount, outcome, code, message, original_end_to_end_id, return_reason,
         initiation_type, pix_key, txid, remittance_information)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (end_to_end_id) DO UPDATE SET sends = sandbox_spi_orders.sends + 1, updated_at = now()
       RETURNING outcome, code, message`,
        [
          order.endToEndId,
          order.amount.toFixed2(),
          rejection ? 'rejected' : 'settled',
          rejection?.code ?? null,
          rejection?.message ?? null,
          order.returnOf?.originalEndToEndId ?? null,
          order.returnOf?.reasonCode ?? null,
          order.initiation ?? null,
          order.pixKey ?? null,
          order.txid ?? null,
          order.remittanceInformation ?? null,
        ],
      ),
    );
    return row!; // INSERT ... ON CONFLICT DO UPDATE ... RETURNING always answers its one row
  }

  private wait(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, this.config.sandboxSpiLatencyMs));
  }
}
