import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { JobPublisher } from '../queue/job-publisher.js';
import { SqlSession } from '../persistence/sql-session.js';
import { UnitOfWork } from '../persistence/unit-of-work.js';
import { inBackgroundLane } from '../persistence/work-lane.js';
import { QueueRoutes } from '../queue/queue-routes.js';
import { DrainLoop } from './drain-loop.js';
import { OutboxSignal } from './outbox-signal.js';

const BATCH = 100;

/** The columns of an outbox row the relay reads. */
interface RelayedRow {
  id: string;
  eventId: string;
  eventType: string;
  aggregateId: string;
  clientId: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Moves committed outbox rows to the Bull queues of their consumers. Rows are claimed with FOR UPDATE
 * SKIP LOCKED so several relays never publish the same row at once; the job id is the row id, so a
 * crash between publish and commit re-publishes a job Bull already has, which it ignores.
 * Webhook delivery is not routed here: the webhooks module takes its own copy of webhook events in their
 * transaction (its intake, docs/adr/0202-webhook-events-have-their-own-intake.md), and its dispatcher is woken
 * by the same commit signal (`follow`).
 */
@Injectable()
export class OutboxRelay extends DrainLoop {
  /** Other loops woken by the same signal (the webhook dispatcher). */
  private readonly followers: (() => void)[] = [];

  constructor(
    private readonly uow: UnitOfWork,
    private readonly sql: SqlSession,
    private readonly publisher: JobPublisher,
    private readonly routes: QueueRoutes,
    private readonly signal: OutboxSignal,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super({ appRole: config.appRole, pollMs: config.outboxPollMs, batch: BATCH, what: 'outbox relay' });
  }

  override onApplicationBootstrap(): void {
    if (this.config.appRole === 'api') return;
    // New rows wake the relay as soon as they commit, in this process or another (OutboxSignal);
    // OUTBOX_POLL_MS remains as the fallback poll (a lost signal, Redis away).
    this.signal.onCommitted(() => {
      this.wake();
      for (const wake of this.followers) wake();
    });
    super.onApplicationBootstrap();
  }

  /** `wake` is also called whenever new outbox rows commit (the webhook dispatcher follows the relay). */
  follow(wake: () => void): void {
    this.followers.push(wake);
  }

  protected drainOnce(): Promise<number> {
    return this.relayOnce();
  }

  /** Publishes one batch; returns how many rows it relayed. Public for tests and the CLI. */
  async relayOnce(): Promise<number> {
    // Two round trips a batch: the claim (with BEGIN), then the mark (with the COMMIT).
    return inBackgroundLane(() =>
      this.uow.run(async () => {
        // Served by the partial index on unpublished rows.
        const rows = await this.sql.read<RelayedRow>(
          `SELECT id::text, event_id AS "eventId", event_type AS "eventType", aggregate_id AS "aggregateId", client_id AS "clientId",
                payload, created_at AS "createdAt"
         FROM outbox_messages WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [BATCH],
        );
        // The batch's jobs go to Redis concurrently (one pipelined burst, not one round trip each); the
        // job id makes a republished row (after a crash before the UPDATE commits) a no-op in Bull.
        await Promise.all(
          rows.flatMap((row) =>
            this.routes
              .routesFor(row.eventType)
              .map(({ queue, options }) =>
                this.publisher.publish(queue, row.eventType, this.jobData(row), { ...options, jobId: `outbox-${row.id}-${queue}` }),
              ),
          ),
        );
        // Not awaited: the mark travels with the COMMIT, and a failure of it fails the commit (the rows are
        // relayed again, which Bull ignores by job id).
        if (rows.length > 0) {
          void this.sql.write(`UPDATE outbox_messages SET published_at = now() WHERE id = ANY($1::bigint[])`, [rows.map((r) => r.id)]);
        }
        return rows.length;
      }),
    );
  }

  private jobData(row: RelayedRow): Record<string, unknown> {
    return {
      eventId: row.eventId,
      type: row.eventType,
      aggregateId: row.aggregateId,
      clientId: row.clientId,
      payload: row.payload,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
