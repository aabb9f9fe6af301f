import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';

/** `v2.<key id>.<iv>.<tag>.<ciphertext>`: the key id names the key the value was made under. */
const VERSION = 'v2';
/** Made before key ids: `v1.<iv>.<tag>.<ciphertext>`, under the key then current (or JWT_SECRET); still read. */
const LEGACY_VERSION = 'v1';
const IV_BYTES = 12;
/**
 * GCM's full 128-bit tag, pinned on both sides. Unpinned, Node accepts tags down to 4 bytes and checks
 * only that prefix, so a forger would need to guess 32 bits, not 128.
 */
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const HKDF_SALT = 'instant-payments';
const NOT_ENCRYPTED = 'not an encrypted webhook secret';

/** A stored value no configured key opens (a key not given, a tampered row) or that is not one of ours. */
export class UnreadableSecretError extends Error {}

/**
 * The key id stored with each secret: 6 bytes of HKDF over the key material with a label of its own, so it
 * names the key without revealing it or the encryption key derived from it.
 */
export function webhookSecretsKeyId(material: string): string {
  return Buffer.from(hkdfSync('sha256', material, HKDF_SALT, 'webhook-signing-secrets key id', 6)).toString('base64url');
}

interface CipherKey {
  id: string;
  key: Buffer;
}

interface Sealed {
  iv: Buffer;
  tag: Buffer;
  data: Buffer;
}

function cipherKey(material: string): CipherKey {
  // The same derivation as before key ids existed, so `v1` values made under a key still open under it.
  return { id: webhookSecretsKeyId(material), key: Buffer.from(hkdfSync('sha256', material, HKDF_SALT, 'webhook-signing-secrets', 32)) };
}

function base64url(part: string | undefined): Buffer {
  if (part === undefined || !BASE64URL.test(part)) throw new UnreadableSecretError(NOT_ENCRYPTED);
  return Buffer.from(part, 'base64url');
}

function sealed(iv: string | undefined, tag: string | undefined, data: string | undefined): Sealed {
  const value = { iv: base64url(iv), tag: base64url(tag), data: base64url(data) };
  if (value.iv.length !== IV_BYTES) throw new UnreadableSecretError(`${NOT_ENCRYPTED}: an IV of ${value.iv.length} bytes`);
  if (value.tag.length !== TAG_BYTES) {
    throw new UnreadableSecretError(`an authentication tag of ${value.tag.length} bytes is refused (${TAG_BYTES} required)`);
  }
  return value;
}

/** The plain text, or null when `key` is not the one it was made under (or the value was changed). */
function open(key: Buffer, s: Sealed): string | null {
  const decipher = createDecipheriv('aes-256-gcm', key, s.iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(s.tag);
  try {
    return Buffer.concat([decipher.update(s.data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Encrypts webhook signing secrets at rest: AES-256-GCM (16-byte tag) under a key derived (HKDF-SHA256)
 * from WEBHOOK_SECRETS_KEY, a fresh 12-byte IV each time, stored as `v2.<key id>.<iv>.<tag>.<ciphertext>`
 * (base64url), so a stolen database dump holds no usable secret. The service must sign, so a one-way hash
 * cannot do. Values made under a key of WEBHOOK_SECRETS_PREVIOUS_KEYS still open (picked by key id), until
 * `webhooks:reencrypt` moves them to the current key.
 */
@Injectable()
export class SecretCipher {
  private readonly current: CipherKey;
  /** The current key first, then the previous ones, each once. */
  private readonly keys: CipherKey[];

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'webhookSecretsKey' | 'webhookSecretsPreviousKeys'>) {
    const materials = [...new Set([config.webhookSecretsKey, ...config.webhookSecretsPreviousKeys])];
    this.keys = materials.map(cipherKey);
    this.current = this.keys[0]!;
    if (new Set(this.keys.map((k) => k.id)).size !== this.keys.length) {
      throw new Error('two webhook secrets keys have the same key id: replace one of them');
    }
  }

  /** The id of the key new values are made under (WEBHOOK_SECRETS_KEY). */
  get currentKeyId(): string {
    return this.current.id;
  }

  /** How every value made under the current key begins. */
  get currentPrefix(): string {
    return `${VERSION}.${this.current.id}.`;
  }

  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv, { authTagLength: TAG_BYTES });
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, this.current.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(
      '.',
    );
  }

  /**
   * Opens a stored value with the key its id names (a `v1` value: with each configured key in turn).
   * Throws UnreadableSecretError when no configured key opens it: its key is not given, or the row was changed.
   */
  decrypt(stored: string): string {
    const parts = stored.split('.');
    if (parts[0] === VERSION && parts.length === 5) {
      const [, id, iv, tag, data] = parts;
      const value = sealed(iv, tag, data);
      const key = this.keys.find((k) => k.id === id);
      if (!key) throw new UnreadableSecretError(`made under key ${id}, which is neither WEBHOOK_SECRETS_KEY nor a previous key`);
      const plain = open(key.key, value);
      if (plain === null) throw new UnreadableSecretError(`does not authenticate under key ${id}: the stored value was changed`);
      return plain;
    }
    if (parts[0] === LEGACY_VERSION && parts.length === 4) {
      const [, iv, tag, data] = parts;
      const value = sealed(iv, tag, data);
      for (const key of this.keys) {
        const plain = open(key.key, value);
        if (plain !== null) return plain;
      }
      throw new UnreadableSecretError('a v1 value no configured key opens (made under an older key, or JWT_SECRET, not configured)');
    }
    throw new UnreadableSecretError(NOT_ENCRYPTED);
  }

  /** Whether the value was made under the current key (nothing for `webhooks:reencrypt` to do). */
  isCurrent(stored: string): boolean {
    return stored.startsWith(this.currentPrefix);
  }
}
