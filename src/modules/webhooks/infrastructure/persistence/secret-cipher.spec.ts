import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { SecretCipher, UnreadableSecretError, webhookSecretsKeyId } from './secret-cipher.js';

const KEY_A = 'a'.repeat(32);
const KEY_B = 'b'.repeat(32);
const KEY_C = 'c'.repeat(32);

const cipherWith = (key: string, previous: string[] = []) =>
  new SecretCipher({ webhookSecretsKey: key, webhookSecretsPreviousKeys: previous });

/** A value as the version before key ids wrote it: `v1.<iv>.<tag>.<ciphertext>`, under `material`. */
function legacyV1(material: string, plain: string): string {
  const key = Buffer.from(hkdfSync('sha256', material, 'instant-payments', 'webhook-signing-secrets', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The stored value with its tag cut to `bytes` (GCM allows tags down to 4 bytes unless the length is pinned). */
function withTagOf(stored: string, bytes: number): string {
  const parts = stored.split('.');
  const i = parts.length - 2;
  parts[i] = Buffer.from(parts[i]!, 'base64url').subarray(0, bytes).toString('base64url');
  return parts.join('.');
}

describe('SecretCipher', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwabcdefghij=';

  it('round-trips under v2 with the current key id, never storing the secret or the same ciphertext twice', () => {
    const c = cipherWith(KEY_A);
    const a = c.encrypt(secret);
    const b = c.encrypt(secret);
    expect(a.startsWith(`v2.${webhookSecretsKeyId(KEY_A)}.`)).toBe(true);
    expect(a).toMatch(/^v2\.[\w-]{8}\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(a).not.toContain('MfKQ9r8GKYqr');
    expect(a).not.toBe(b);
    expect(c.decrypt(a)).toBe(secret);
    expect(c.isCurrent(a)).toBe(true);
  });

  it('names a key by an id derived from it, which is neither the key nor the same for another key', () => {
    const id = webhookSecretsKeyId(KEY_A);
    expect(id).toMatch(/^[\w-]{8}$/);
    expect(webhookSecretsKeyId(KEY_A)).toBe(id);
    expect(webhookSecretsKeyId(KEY_B)).not.toBe(id);
    expect(KEY_A).not.toContain(id);
    expect(cipherWith(KEY_B, [KEY_A]).currentKeyId).toBe(webhookSecretsKeyId(KEY_B));
  });

  it('opens a value made under a previous key, picked by its key id, and encrypts only under the current key', () => {
    const underA = cipherWith(KEY_A).encrypt(secret);
    const rotated = cipherWith(KEY_B, [KEY_C, KEY_A]);
    expect(rotated.decrypt(underA)).toBe(secret);
    expect(rotated.isCurrent(underA)).toBe(false);
    const again = rotated.encrypt(rotated.decrypt(underA));
    expect(again.startsWith(`v2.${webhookSecretsKeyId(KEY_B)}.`)).toBe(true);
    expect(rotated.isCurrent(again)).toBe(true);
    // Once A is retired, only what was re-encrypted still opens.
    expect(cipherWith(KEY_B).decrypt(again)).toBe(secret);
    expect(() => cipherWith(KEY_B).decrypt(underA)).toThrow(UnreadableSecretError);
    expect(() => cipherWith(KEY_B).decrypt(underA)).toThrow(`made under key ${webhookSecretsKeyId(KEY_A)}`);
  });

  it('goes by the key id alone: a v2 value whose id names another configured key does not open', () => {
    const underA = cipherWith(KEY_A).encrypt(secret);
    const relabelled = underA.replace(webhookSecretsKeyId(KEY_A), webhookSecretsKeyId(KEY_B));
    expect(() => cipherWith(KEY_B, [KEY_A]).decrypt(relabelled)).toThrow(/does not authenticate under key/);
  });

  it('reads v1 values (made before key ids) under the current key, a previous key, or the old JWT_SECRET given as one', () => {
    const jwtSecret = 'j'.repeat(64);
    expect(cipherWith(KEY_A).decrypt(legacyV1(KEY_A, secret))).toBe(secret);
    expect(cipherWith(KEY_B, [KEY_A]).decrypt(legacyV1(KEY_A, secret))).toBe(secret);
    expect(cipherWith(KEY_B, [jwtSecret]).decrypt(legacyV1(jwtSecret, secret))).toBe(secret);
    expect(cipherWith(KEY_B, [KEY_A]).isCurrent(legacyV1(KEY_B, secret))).toBe(false);
    expect(() => cipherWith(KEY_B, [KEY_C]).decrypt(legacyV1(KEY_A, secret))).toThrow(/a v1 value no configured key opens/);
  });

  it.each([4, 8, 12, 15])('refuses a %i-byte tag, v2 and v1 alike, though GCM would accept it unpinned', (bytes) => {
    const c = cipherWith(KEY_A);
    for (const stored of [c.encrypt(secret), legacyV1(KEY_A, secret)]) {
      expect(() => c.decrypt(withTagOf(stored, bytes))).toThrow(`an authentication tag of ${bytes} bytes is refused (16 required)`);
    }
  });

  it('refuses another key, a tampered value, and what is not one of its values', () => {
    const stored = cipherWith(KEY_A).encrypt(secret);
    expect(() => cipherWith(KEY_C).decrypt(stored)).toThrow(UnreadableSecretError);
    const parts = stored.split('.');
    const tampered = [...parts.slice(0, 4), Buffer.from('tampered').toString('base64url')].join('.');
    expect(() => cipherWith(KEY_A).decrypt(tampered)).toThrow(UnreadableSecretError);
    for (const bad of [secret, 'v2.x.y', 'v3.a.b.c.d', `${stored}.extra`, stored.replace(/\.([\w-]+)$/, '.!!!!'), '']) {
      expect(() => cipherWith(KEY_A).decrypt(bad)).toThrow('not an encrypted webhook secret');
    }
  });

  it('takes a previous key equal to the current one as the current one', () => {
    expect(cipherWith(KEY_A, [KEY_A]).decrypt(cipherWith(KEY_A).encrypt(secret))).toBe(secret);
  });
});
