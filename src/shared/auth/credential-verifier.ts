import type { Principal } from './principal.js';

/**
 * Port the identity module implements: checks an API key pair and whether a key is still usable.
 * The guard lives in shared/ and must not reach into the identity module's tables.
 */
export abstract class CredentialVerifier {
  /** The key's principal with all its scopes, or null when the id or secret is wrong or revoked. */
  abstract verifyApiKey(keyId: string, secret: string): Promise<Principal | null>;

  /**
   * True while the token's key is active AND belongs to the token's principal (same id and kind); false
   * once the key is revoked (may lag by the cache lifetime, at most 60 s) or when the token names a key
   * of somebody else.
   */
  abstract isKeyValidFor(principal: Principal): Promise<boolean>;
}
