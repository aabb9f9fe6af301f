import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';

/**
 * Key ids and secrets. Secrets are 32 random bytes, so a fast SHA-256 is enough to store them:
 * there is no low-entropy password to brute-force (docs/adr/0013-api-key-secrets-sha-256.md).
 */
@Injectable()
export class SecretHasher {
  newKeyId(): string {
    return `key_${randomBytes(12).toString('hex')}`;
  }

  newSecret(): string {
    return `sk_${randomBytes(32).toString('base64url')}`;
  }

  hash(secret: string): string {
    return createHash('sha256').update(secret).digest('hex');
  }

  matches(secret: string, hash: string): boolean {
    const a = Buffer.from(this.hash(secret), 'hex');
    const b = Buffer.from(hash, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
