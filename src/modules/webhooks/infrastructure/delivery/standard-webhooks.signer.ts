import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { WebhookSigner } from '../../application/webhook-transport.js';

/** Secrets of 32 random bytes (Standard Webhooks asks for 24 to 64). */
const SECRET_BYTES = 32;

/**
 * Standard Webhooks signing with its reference library: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * under each secret, space-separated (receivers accept the message when any one verifies).
 */
@Injectable()
export class StandardWebhooksSigner extends WebhookSigner {
  sign(secrets: readonly string[], messageId: string, timestamp: Date, body: string): string {
    return secrets.map((secret) => new Webhook(secret).sign(messageId, timestamp, body)).join(' ');
  }

  newSecret(): string {
    return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
  }
}
