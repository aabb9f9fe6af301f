import { Injectable } from '@nestjs/common';
import { CredentialVerifier } from '../../../shared/auth/credential-verifier.js';
import type { Principal } from '../../../shared/auth/principal.js';
import { IdentityRepository } from '../application/identity.repository.js';
import { SecretHasher } from '../application/secret-hasher.js';

/** How long a key's "still active" answer is trusted; docs/conventions.md §1 allows up to 60 s. */
const ACTIVE_CACHE_MS = 30_000;

/** Checks API keys against their stored hashes and caches revocation status per process. */
@Injectable()
export class ApiKeyCredentialVerifier extends CredentialVerifier {
  private readonly keyCache = new Map<string, { active: boolean; ownerId: string | null; ownerKind: string | null; until: number }>();

  constructor(
    private readonly repo: IdentityRepository,
    private readonly hasher: SecretHasher,
  ) {
    super();
  }

  async verifyApiKey(keyId: string, secret: string): Promise<Principal | null> {
    if (keyId.length > 64 || secret.length > 128) return null;
    const key = await this.repo.findApiKey(keyId);
    if (!key || !key.active || !this.hasher.matches(secret, key.secretHash)) return null;
    return { kind: key.ownerKind, id: key.ownerId, keyId: key.keyId, scopes: key.scopes };
  }

  async isKeyValidFor(principal: Principal): Promise<boolean> {
    const now = Date.now();
    let entry = this.keyCache.get(principal.keyId);
    if (!entry || entry.until <= now) {
      const key = await this.repo.findApiKey(principal.keyId);
      entry = {
        active: key?.active ?? false,
        ownerId: key?.ownerId ?? null,
        ownerKind: key?.ownerKind ?? null,
        until: now + ACTIVE_CACHE_MS,
      };
      if (this.keyCache.size > 10_000) this.keyCache.clear();
      this.keyCache.set(principal.keyId, entry);
    }
    // A token is only as good as its key, and only for the key's own holder.
    return entry.active && entry.ownerId === principal.id && entry.ownerKind === principal.kind;
  }
}
