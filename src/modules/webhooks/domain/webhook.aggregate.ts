import { DomainError, type ErrorDetail } from '../../../shared/errors/domain-error.js';

export const WEBHOOK_STATUSES = ['active', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** A client holds at most this many webhooks (deleted ones do not count). */
export const MAX_WEBHOOKS_PER_CLIENT = 10;
/** After a rotation the old secret still signs (beside the new one) this long, for deliveries in flight. */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 3600 * 1000;
/** Whatever the subscription names: `["*"]` in the API, stored as an empty list. */
export const ALL_EVENTS = '*';

export interface WebhookState {
  id: string;
  clientId: string;
  url: string;
  /** Event names subscribed; empty means every webhook event. */
  events: string[];
  status: WebhookStatus;
  disabledReason: string | null;
  /**
   * The signing secret; null when storage holds it under a key this process is not given
   * (docs/adr/0159-unreadable-secret-never-a-500.md): nothing is signed, so nothing is sent, until that key is
   * given back or the secret rotated.
   */
  secret: string | null;
  /** The secret a rotation replaced, still signing until `previousSecretExpiresAt`; null also when unreadable. */
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  /**
   * The newest outbox row (committed) when the webhook was registered, set by storage: the webhook
   * receives the events recorded after it, not a backlog from before it existed.
   */
  fromEventRow: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The subscription list as asked for -> as stored: omitted, empty or `["*"]` is every event (stored
 * empty); otherwise names of webhook events (`webhookEvents`: the catalogue's, docs/events.md), each once.
 * Unknown names, internal events, and `*` beside other names, are refused with one detail per bad entry.
 */
export function subscriptionEvents(requested: readonly string[] | undefined, webhookEvents: readonly string[]): string[] {
  if (!requested || requested.length === 0) return [];
  if (requested.length === 1 && requested[0] === ALL_EVENTS) return [];
  const known = new Set<string>(webhookEvents);
  const details: ErrorDetail[] = [];
  requested.forEach((name, i) => {
    if (name === ALL_EVENTS) details.push({ field: `events[${i}]`, issue: '"*" subscribes to everything and must be the only entry' });
    else if (!known.has(name)) details.push({ field: `events[${i}]`, issue: `unknown event "${name}" (see docs/events.md)` });
  });
  if (details.length > 0) throw new DomainError('VALIDATION_ERROR', 'events names unknown webhook events', details);
  return [...new Set(requested)];
}

/** What the dispatcher needs of an active webhook to match events to it (no secrets). */
export interface WebhookSubscriber {
  id: string;
  clientId: string;
  /** Empty: every event. */
  events: readonly string[];
  fromEventRow: string;
}

/** Whether an event (its type, its outbox row) is one for the subscriber: subscribed, and recorded after the webhook was. */
export function receives(subscriber: WebhookSubscriber, eventType: string, eventRow: string): boolean {
  const subscribed = subscriber.events.length === 0 || subscriber.events.includes(eventType);
  return subscribed && BigInt(eventRow) > BigInt(subscriber.fromEventRow);
}

/** A client's subscription of an HTTPS URL to its events. Secrets are held in clear here; storage encrypts them. */
export class Webhook {
  private constructor(private state: WebhookState) {}

  static register(p: { id: string; clientId: string; url: string; events: string[]; secret: string; now: Date }): Webhook {
    return new Webhook({
      id: p.id,
      clientId: p.clientId,
      url: p.url,
      events: p.events,
      status: 'active',
      disabledReason: null,
      secret: p.secret,
      previousSecret: null,
      previousSecretExpiresAt: null,
      fromEventRow: '0',
      createdAt: p.now,
      updatedAt: p.now,
    });
  }

  static restore(state: WebhookState): Webhook {
    return new Webhook({ ...state, events: [...state.events] });
  }

  get snapshot(): Readonly<WebhookState> {
    return this.state;
  }

  get isActive(): boolean {
    return this.state.status === 'active';
  }

  /** Whether the event (its type, its outbox row) is one for this webhook: subscribed, and recorded after it was. */
  receives(eventType: string, eventRow: string): boolean {
    return receives(this.state, eventType, eventRow);
  }

  /** PUT: a new URL and subscription; `enabled` turns delivery back on (after a 410) or off. */
  change(p: { url: string; events: string[]; enabled?: boolean; now: Date }): void {
    this.state = { ...this.state, url: p.url, events: p.events, updatedAt: p.now };
    if (p.enabled === true) this.state = { ...this.state, status: 'active', disabledReason: null };
    if (p.enabled === false && this.isActive) this.state = { ...this.state, status: 'disabled', disabledReason: 'disabled by you' };
  }

  /** Stops delivery (a 410 from the target, or the client's choice). */
  disable(reason: string, now: Date): void {
    if (!this.isActive) return;
    this.state = { ...this.state, status: 'disabled', disabledReason: reason, updatedAt: now };
  }

  /**
   * A new secret signs from now on; the one it replaces keeps signing beside it until `now` + the overlap,
   * so a receiver that has not switched yet still verifies every delivery (Standard Webhooks allows several
   * signatures in one header). A second rotation inside the overlap drops the oldest secret. Replacing an
   * unreadable secret keeps no previous one: the new secret alone signs, at once.
   */
  rotateSecret(secret: string, now: Date): void {
    const previous = this.state.secret;
    this.state = {
      ...this.state,
      secret,
      previousSecret: previous,
      previousSecretExpiresAt: previous === null ? null : new Date(now.getTime() + SECRET_ROTATION_OVERLAP_MS),
      updatedAt: now,
    };
  }

  /** The secrets a delivery sent at `now` is signed with, the current one first; none while the current one is unreadable. */
  signingSecrets(now: Date): string[] {
    const { secret, previousSecret, previousSecretExpiresAt } = this.state;
    if (secret === null) return [];
    return previousSecret && previousSecretExpiresAt && previousSecretExpiresAt > now ? [secret, previousSecret] : [secret];
  }
}
