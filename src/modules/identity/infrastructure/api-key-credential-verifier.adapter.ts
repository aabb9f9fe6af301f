import { Injectable } from '@nestjs/common';
import { CredentialVerifier } from '../../../shared/auth/credential-verifier.js';
import type { Principal } from '../../../shared/auth/principal.js';
import { IdentityRepository } from '../application/identity.repository.js';
import { SecretHasher } from '../application/secret-hasher.js';

/** How long a key's "still active" answer is trusted; DECISIONS §1 allows up to 60 s. */
const ACTIVE_CACHE_MS = 30_000;

/** Checks API keys against their stored hashes and caches revocation status per process. */
@Injectable()
export class ApiKeyCredentialVerifier extends CredentialVerifier {
  private readonly activeCache = new Map<string, { active: boolean; until: number }>();

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

  async isKeyActive(keyId: string): Promise<boolean> {
    const now = Date.now();
    const cached = this.activeCache.get(keyId);
    if (cached && cached.until > now) return cached.active;
    const key = await this.repo.findApiKey(keyId);
    const active = key?.active ?? false;
    if (this.activeCache.size > 10_000) this.activeCache.clear();
    this.activeCache.set(keyId, { active, until: now + ACTIVE_CACHE_MS });
    return active;
  }
}
