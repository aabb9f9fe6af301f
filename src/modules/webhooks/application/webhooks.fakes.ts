import { EventCatalogue, type EventDefinition } from '../../../shared/domain/events/event-catalogue.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { PAGE_TOTAL_CAP } from '../../../shared/persistence/page-window.js';
import type { AttemptOutcome, DeliveryAttempt, DeliveryStatus } from '../domain/webhook-delivery.aggregate.js';
import { WebhookDelivery } from '../domain/webhook-delivery.aggregate.js';
import { Webhook, type WebhookState, type WebhookSubscriber } from '../domain/webhook.aggregate.js';
import { WebhookDeliveryRepository } from './webhook-delivery.repository.js';
import { WebhookEventFeed, type WebhookEvent } from './webhook-event-feed.js';
import { WebhookSender, WebhookSigner, WebhookTargetPolicy, type WebhookRequest } from './webhook-transport.js';
import { WebhookRepository } from './webhook.repository.js';

/**
 * In-memory webhooks for unit tests. Like the SQL adapter: a deleted webhook is invisible; `insert` records
 * the newest outbox row (`head()`, '0' by default) as the webhook's `fromEventRow`; `update` saves the URL,
 * the subscription and the status, `updateSecrets` the secrets; `activeOf` lists the active ones as the
 * dispatcher matches them. `unreadable(id)` makes a stored secret one no configured key opens (read as null).
 * Rows are copied in and out. No transactions: rolling back is the unit of work's job.
 */
export class InMemoryWebhooks extends WebhookRepository {
  private readonly rows = new Map<string, { state: WebhookState; deletedAt: Date | null }>();

  constructor(private readonly head: () => string = () => '0') {
    super();
  }

  async insert(webhook: Webhook): Promise<void> {
    const w = webhook.snapshot;
    if (this.rows.has(w.id)) throw new Error(`duplicate webhook ${w.id}`);
    this.rows.set(w.id, { state: { ...w, events: [...w.events], fromEventRow: this.head() }, deletedAt: null });
  }

  async update(webhook: Webhook): Promise<void> {
    const { id, url, events, status, disabledReason, updatedAt } = webhook.snapshot;
    const row = this.rows.get(id);
    if (row) this.rows.set(id, { ...row, state: { ...row.state, url, events: [...events], status, disabledReason, updatedAt } });
  }

  async updateSecrets(webhook: Webhook): Promise<void> {
    const { id, secret, previousSecret, previousSecretExpiresAt, updatedAt } = webhook.snapshot;
    const row = this.rows.get(id);
    if (row) this.rows.set(id, { ...row, state: { ...row.state, secret, previousSecret, previousSecretExpiresAt, updatedAt } });
  }

  async find(clientId: string, id: string): Promise<Webhook | null> {
    const row = this.live(id);
    return row && row.clientId === clientId ? Webhook.restore(row) : null;
  }

  lock(clientId: string, id: string): Promise<Webhook | null> {
    return this.find(clientId, id);
  }

  async findById(id: string): Promise<Webhook | null> {
    const row = this.live(id);
    return row ? Webhook.restore(row) : null;
  }

  async listByClient(clientId: string): Promise<Webhook[]> {
    return this.liveRows()
      .filter((w) => w.clientId === clientId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((w) => Webhook.restore(w));
  }

  async countForUpdate(clientId: string): Promise<number> {
    return this.liveRows().filter((w) => w.clientId === clientId).length;
  }

  async softDelete(clientId: string, id: string, now: Date): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.deletedAt || row.state.clientId !== clientId) return false;
    this.rows.set(id, { state: { ...row.state, updatedAt: now }, deletedAt: now });
    return true;
  }

  async activeOf(clientIds: string[]): Promise<WebhookSubscriber[]> {
    return this.liveRows()
      .filter((w) => clientIds.includes(w.clientId) && w.status === 'active')
      .map(({ id, clientId, events, fromEventRow }) => ({ id, clientId, events: [...events], fromEventRow }));
  }

  /** Test helper: the stored secrets of `id` are under a key this process is not given (they read as null). */
  unreadable(id: string): void {
    const row = this.rows.get(id);
    if (row) this.rows.set(id, { ...row, state: { ...row.state, secret: null, previousSecret: null } });
  }

  private live(id: string): WebhookState | null {
    const row = this.rows.get(id);
    return row && !row.deletedAt ? row.state : null;
  }

  private liveRows(): WebhookState[] {
    return [...this.rows.values()].filter((r) => !r.deletedAt).map((r) => r.state);
  }
}

/**
 * In-memory deliveries and their tries for unit tests. Like the SQL adapter: `insertMany` adds nothing for
 * an event already delivered to that webhook (ON CONFLICT (webhook_id, event_id) DO NOTHING) and answers
 * the ids it inserted; `lock` with a client id finds only that client's; `list` is newest first with a
 * capped total; `overdue` takes pending deliveries whose next try was due at the cutoff or before, most
 * overdue first. Rows are copied in and out; `locked` lists the ids `lock` was asked for.
 */
export class InMemoryWebhookDeliveries extends WebhookDeliveryRepository {
  readonly locked: string[] = [];
  private readonly rows = new Map<string, WebhookDelivery>();
  private readonly attempts = new Map<string, readonly DeliveryAttempt[]>();
  private copy = (d: WebhookDelivery) => WebhookDelivery.restore(d.snapshot);

  async insertMany(deliveries: WebhookDelivery[]): Promise<Set<string>> {
    const inserted = new Set<string>();
    for (const d of deliveries) {
      const s = d.snapshot;
      const clash = [...this.rows.values()].some((r) => r.snapshot.webhookId === s.webhookId && r.snapshot.eventId === s.eventId);
      if (clash || this.rows.has(s.id)) continue;
      this.rows.set(s.id, this.copy(d));
      inserted.add(s.id);
    }
    return inserted;
  }

  async update(delivery: WebhookDelivery): Promise<void> {
    if (this.rows.has(delivery.snapshot.id)) this.rows.set(delivery.snapshot.id, this.copy(delivery));
  }

  async find(id: string): Promise<WebhookDelivery | null> {
    const row = this.rows.get(id);
    return row ? this.copy(row) : null;
  }

  async findForClient(clientId: string, id: string): Promise<WebhookDelivery | null> {
    const row = this.rows.get(id);
    return row && row.snapshot.clientId === clientId ? this.copy(row) : null;
  }

  async lock(id: string, clientId?: string): Promise<WebhookDelivery | null> {
    this.locked.push(id);
    return clientId === undefined ? this.find(id) : this.findForClient(clientId, id);
  }

  async addAttempt(deliveryId: string, attempt: DeliveryAttempt): Promise<void> {
    this.attempts.set(deliveryId, [...(this.attempts.get(deliveryId) ?? []), { ...attempt }]);
  }

  async attemptsOf(deliveryId: string): Promise<DeliveryAttempt[]> {
    return (this.attempts.get(deliveryId) ?? []).map((a) => ({ ...a }));
  }

  async list(
    webhookId: string,
    status: DeliveryStatus | null,
    limit: number,
    offset: number,
  ): Promise<{ items: WebhookDelivery[]; total: number }> {
    const matching = [...this.rows.values()]
      .filter((d) => d.snapshot.webhookId === webhookId && (status === null || d.snapshot.status === status))
      .sort((a, b) => b.snapshot.createdAt.getTime() - a.snapshot.createdAt.getTime() || (a.snapshot.id < b.snapshot.id ? 1 : -1));
    return { items: matching.slice(offset, offset + limit).map(this.copy), total: Math.min(matching.length, PAGE_TOTAL_CAP) };
  }

  async overdue(cutoff: Date, limit: number): Promise<WebhookDelivery[]> {
    return [...this.rows.values()]
      .filter((d) => d.snapshot.status === 'pending' && d.snapshot.nextAttemptAt !== null && d.snapshot.nextAttemptAt <= cutoff)
      .sort((a, b) => a.snapshot.nextAttemptAt!.getTime() - b.snapshot.nextAttemptAt!.getTime())
      .slice(0, limit)
      .map(this.copy);
  }

  /** Test helper: every stored delivery, in insertion order. */
  all(): WebhookDelivery[] {
    return [...this.rows.values()].map(this.copy);
  }
}

/**
 * A signer whose signature names what it signed: `v1,<secret>/<message id>/<unix seconds>/<body length>`,
 * one per secret, space-separated (the Standard Webhooks header's shape). `newSecret` counts up.
 */
export class FakeSigner extends WebhookSigner {
  private secrets = 0;

  sign(secrets: readonly string[], messageId: string, timestamp: Date, body: string): string {
    return secrets.map((s) => `v1,${s}/${messageId}/${Math.floor(timestamp.getTime() / 1000)}/${body.length}`).join(' ');
  }

  newSecret(): string {
    return `whsec_test${++this.secrets}`;
  }
}

/**
 * A webhook target that answers from a script, one outcome per request in order (`answer`); a request
 * with no answer left fails the test. `requests` records every request sent.
 */
export class ScriptedSender extends WebhookSender {
  readonly requests: WebhookRequest[] = [];
  private readonly outcomes: AttemptOutcome[] = [];

  answer(...outcomes: (number | AttemptOutcome)[]): this {
    this.outcomes.push(...outcomes.map((o) => (typeof o === 'number' ? { kind: 'answered' as const, httpStatus: o, latencyMs: 12 } : o)));
    return this;
  }

  async send(request: WebhookRequest): Promise<AttemptOutcome> {
    this.requests.push({ ...request, headers: { ...request.headers } });
    const outcome = this.outcomes.shift();
    if (!outcome) throw new Error(`ScriptedSender: unexpected request to ${request.url}`);
    return outcome;
  }
}

/** A target policy that allows HTTPS URLs and refuses every other one with WEBHOOK_TARGET_NOT_ALLOWED. */
export class HttpsOnlyPolicy extends WebhookTargetPolicy {
  readonly checked: string[] = [];

  async check(url: string): Promise<void> {
    this.checked.push(url);
    if (!url.startsWith('https://')) {
      throw new DomainError('WEBHOOK_TARGET_NOT_ALLOWED', 'The webhook URL must use HTTPS');
    }
  }
}

const testEvent = (webhook: boolean): EventDefinition => ({
  description: 'A test event.',
  webhook,
  aggregate: 'the test aggregate',
  payload: { id: { type: 'string', format: 'uuid', description: 'The aggregate' } },
});

/**
 * A catalogue of the event names the webhook tests use (the module knows no catalogue of its own: the
 * service's is composed at the root and injected): webhook events, and two internal ones.
 */
export const TEST_EVENT_CATALOGUE = new EventCatalogue([
  {
    title: 'Test events',
    events: {
      'cash_in.completed': testEvent(true),
      'cash_out.queued': testEvent(false),
      'cash_out.returned': testEvent(true),
      'key.deleted': testEvent(true),
      'limit_request.expired': testEvent(true),
      'med.opened': testEvent(true),
      'p2p.received': testEvent(true),
      'p2p.sent': testEvent(true),
      'reversal.failed': testEvent(true),
      'reversal.queued': testEvent(false),
    },
  },
]);

/**
 * The dispatcher's intake in memory: `record` commits a webhook event (its row id the next of a sequence),
 * `claim` takes the waiting ones oldest first, and `markDispatched` marks them taken (the SQL intake deletes
 * them; here `events` keeps every event recorded, each with whether it was taken).
 */
export class FakeWebhookEventFeed extends WebhookEventFeed {
  readonly events: (WebhookEvent & { dispatched: boolean })[] = [];
  private lastRow = 0;

  /** The newest outbox row so far ('0' when none), as a webhook registered now records it. */
  head(): string {
    return String(this.lastRow);
  }

  record(e: Omit<WebhookEvent, 'rowId'>): WebhookEvent {
    const event = { ...e, rowId: String(++this.lastRow) };
    this.events.push({ ...event, dispatched: false });
    return event;
  }

  override async claim(limit: number): Promise<WebhookEvent[]> {
    return this.events
      .filter((e) => !e.dispatched)
      .slice(0, limit)
      .map(({ dispatched: _, ...e }) => e);
  }

  override async markDispatched(rowIds: string[]): Promise<void> {
    this.events.forEach((e, i) => {
      if (rowIds.includes(e.rowId)) this.events[i] = { ...e, dispatched: true };
    });
  }
}
