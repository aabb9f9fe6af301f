import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { JobPublisher } from '../queue/job-publisher.js';
import { TypeOrmUnitOfWork } from '../persistence/typeorm-unit-of-work.js';
import { inBackgroundLane } from '../persistence/work-lane.js';
import { QueueRoutes } from '../queue/queue-routes.js';

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
 * Webhook delivery is not routed here: webhook events keep their own cursor (`webhook_dispatched_at`)
 * for the webhook dispatcher, so an event recorded before that dispatcher exists is still delivered.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<void> | undefined;
  /** A notification arrived while a batch was running: run again right after it. */
  private pending = false;
  private listener: pg.Client | undefined;

  constructor(
    private readonly uow: TypeOrmUnitOfWork,
    private readonly publisher: JobPublisher,
    private readonly routes: QueueRoutes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.appRole === 'api') return;
    void this.listen(); // never rejects: a failed connect goes to the client's 'error' handler (log, retry)
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.listener?.end().catch(() => undefined);
    await this.running;
  }

  /**
   * New rows notify (a statement trigger on outbox_messages, delivered at commit), so the relay runs as
   * soon as a payment commits instead of on the next poll; OUTBOX_POLL_MS remains as a fallback poll
   * (a missed notification, a lost listener connection).
   */
  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.config.databaseUrl });
    client.on('error', (err) => {
      this.logger.warn({ err }, 'outbox listener lost; polling until it reconnects');
      this.listener = undefined;
      client.end().catch(() => undefined);
      if (!this.stopped) setTimeout(() => void this.listen(), this.config.outboxPollMs).unref();
    });
    client.on('notification', () => this.wake());
    try {
      await client.connect();
      await client.query('LISTEN outbox_messages');
      if (this.stopped) await client.end();
      else this.listener = client;
    } catch (err) {
      client.emit('error', err as Error);
    }
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.pending = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  /** Publishes one batch; returns how many rows it relayed. Public for tests and the CLI. */
  async relayOnce(): Promise<number> {
    // Two round trips a batch: the claim (with START TRANSACTION), then the mark (with the COMMIT).
    return inBackgroundLane(() =>
      this.uow.run(async () => {
        // Plain SQL (served by the partial index on unpublished rows): this runs for every batch of events.
        const rows = await this.uow.read<RelayedRow>(
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
        if (rows.length > 0) {
          await this.uow.write(`UPDATE outbox_messages SET published_at = now() WHERE id = ANY($1::bigint[])`, [rows.map((r) => r.id)]);
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

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => (this.running = undefined));
    }, delayMs);
  }

  private async tick(): Promise<void> {
    let relayed = 0;
    try {
      relayed = await this.relayOnce();
    } catch (err) {
      this.logger.warn({ err }, 'outbox relay failed; will retry');
    }
    const again = relayed === BATCH || this.pending;
    this.pending = false;
    this.schedule(again ? 0 : this.config.outboxPollMs);
  }
}
