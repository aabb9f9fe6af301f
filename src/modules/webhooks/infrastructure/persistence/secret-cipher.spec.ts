import { loadConfig } from '../../../../config/app.config.js';
import { SecretCipher } from './secret-cipher.js';

const cipherWith = (key: string) => new SecretCipher({ ...loadConfig({}), webhookSecretsKey: key });

describe('SecretCipher', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwabcdefghij=';

  it('round-trips, never storing the secret or the same ciphertext twice', () => {
    const c = cipherWith('k'.repeat(32));
    const a = c.encrypt(secret);
    const b = c.encrypt(secret);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('MfKQ9r8GKYqr');
    expect(a).not.toBe(b);
    expect(c.decrypt(a)).toBe(secret);
  });

  it('refuses another key and a tampered value', () => {
    const stored = cipherWith('k'.repeat(32)).encrypt(secret);
    expect(() => cipherWith('x'.repeat(32)).decrypt(stored)).toThrow();
    const parts = stored.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('tampered').toString('base64url')].join('.');
    expect(() => cipherWith('k'.repeat(32)).decrypt(tampered)).toThrow();
    expect(() => cipherWith('k'.repeat(32)).decrypt(secret)).toThrow('not an encrypted webhook secret');
  });
});
