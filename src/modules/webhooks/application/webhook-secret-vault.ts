/** What one batch of re-encryption did. */
export interface ReencryptedBatch {
  /** The last webhook looked at (the next batch starts after it); null when none was left. */
  lastId: string | null;
  /** Secrets stored again under the current key. */
  reencrypted: number;
  /** Secrets no configured key opens, left as they are. */
  unreadable: number;
}

/**
 * Port: the webhooks' signing secrets as stored (encrypted), for moving them to the current key
 * (WEBHOOK_SECRETS_KEY) without touching anything else of a webhook.
 */
export abstract class WebhookSecretVault {
  /** The id of the key secrets are stored under from now on (a fingerprint, never the key). */
  abstract currentKeyId(): string;
  /**
   * Up to `limit` webhooks after `afterId` in id order (deleted ones too) holding a secret not under the
   * current key: each secret a configured key opens is stored again under the current key, unless the row
   * changed meanwhile (then it was written under the current key already); the others stay as they are.
   */
  abstract reencryptBatch(afterId: string | null, limit: number): Promise<ReencryptedBatch>;
}
