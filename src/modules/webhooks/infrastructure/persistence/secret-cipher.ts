import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';

const VERSION = 'v1';

/**
 * Encrypts webhook signing secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from
 * WEBHOOK_SECRETS_KEY, a fresh 12-byte IV each time. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url),
 * so a stolen database dump holds no usable secret. The service must sign, so a one-way hash cannot do.
 */
@Injectable()
export class SecretCipher {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = Buffer.from(hkdfSync('sha256', config.webhookSecretsKey, 'instant-payments', 'webhook-signing-secrets', 32));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** Throws when the value was not made by this key (a changed WEBHOOK_SECRETS_KEY, a tampered row). */
  decrypt(stored: string): string {
    const [version, iv, tag, data] = stored.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not an encrypted webhook secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
