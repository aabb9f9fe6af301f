import type { AttemptOutcome } from '../domain/webhook-delivery.aggregate.js';

/** One signed POST to a webhook target. */
export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/**
 * Port: sends one request and reports what came back. Only the target's answer or the lack of one: a
 * refused address (checked on the address actually connected), a timeout, a TLS or network error are
 * all `unanswered`; redirects are never followed. Never throws.
 */
export abstract class WebhookSender {
  abstract send(request: WebhookRequest): Promise<AttemptOutcome>;
}

/** Port: the Standard Webhooks signature header for a message, one `v1,<base64>` per secret. */
export abstract class WebhookSigner {
  abstract sign(secrets: readonly string[], messageId: string, timestamp: Date, body: string): string;
  /** A new secret (`whsec_` + base64 of random bytes). */
  abstract newSecret(): string;
}

/**
 * Port: whether a URL may be registered as a webhook target: HTTPS, no credentials in it, and (unless
 * private networks are allowed) a host that resolves only to public unicast addresses. Throws
 * WEBHOOK_TARGET_NOT_ALLOWED with the reason.
 */
export abstract class WebhookTargetPolicy {
  abstract check(url: string): Promise<void>;
}
