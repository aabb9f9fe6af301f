import type { Principal } from './principal.js';

/**
 * Port the identity module implements: checks an API key pair and whether a key is still usable.
 * The guard lives in shared/ and must not reach into the identity module's tables.
 */
export abstract class CredentialVerifier {
  /** The key's principal with all its scopes, or null when the id or secret is wrong or revoked. */
  abstract verifyApiKey(keyId: string, secret: string): Promise<Principal | null>;

  /** False once the key is revoked (may lag by the cache lifetime, at most 60 s). */
  abstract isKeyActive(keyId: string): Promise<boolean>;
}
