import { Injectable } from '@nestjs/common';
import { WebhookSecretVault } from './webhook-secret-vault.js';

/** What `webhooks:reencrypt` prints. */
export interface ReencryptionReport {
  /** The current key's id: every readable secret is now stored under it. */
  key_id: string;
  reencrypted: number;
  /** Secrets no configured key opens; their webhooks sign nothing until the owner rotates the secret. */
  unreadable: number;
}

const BATCH = 100;

/**
 * `webhooks:reencrypt` (README, "Rotating the webhook secrets key"): stores every webhook secret made under
 * a previous key again under WEBHOOK_SECRETS_KEY, in batches, so the previous key can be retired. Running it
 * again does nothing new: a secret under the current key is never touched.
 */
@Injectable()
export class ReencryptWebhookSecretsUseCase {
  constructor(private readonly vault: WebhookSecretVault) {}

  async execute(batchSize = BATCH): Promise<ReencryptionReport> {
    const report: ReencryptionReport = { key_id: this.vault.currentKeyId(), reencrypted: 0, unreadable: 0 };
    let after: string | null = null;
    for (;;) {
      const batch = await this.vault.reencryptBatch(after, batchSize);
      report.reencrypted += batch.reencrypted;
      report.unreadable += batch.unreadable;
      if (batch.lastId === null) return report;
      after = batch.lastId;
    }
  }
}
