import { ADMIN_SCOPES, CLIENT_SCOPES } from '../../../shared/auth/principal.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { InvalidScopeError } from './identity.errors.js';

export type OwnerKind = 'client' | 'admin';

/** A key id + secret pair with scopes, owned by one client or admin; only the secret's hash is kept. */
export class ApiKey {
  private constructor(
    readonly keyId: string,
    readonly ownerKind: OwnerKind,
    readonly ownerId: string,
    readonly secretHash: string,
    readonly scopes: string[],
    private revokedAtValue: Date | null,
  ) {}

  static issue(keyId: string, ownerKind: OwnerKind, ownerId: string, secretHash: string, scopes: string[]): ApiKey {
    const allowed: readonly string[] = ownerKind === 'client' ? CLIENT_SCOPES : ADMIN_SCOPES;
    const foreign = scopes.filter((s) => !allowed.includes(s));
    if (foreign.length > 0) throw new InvalidScopeError(foreign);
    if (scopes.length === 0) throw new DomainError('INVALID_SCOPE', 'A key needs at least one scope');
    return new ApiKey(keyId, ownerKind, ownerId, secretHash, [...new Set(scopes)], null);
  }

  static restore(k: {
    keyId: string;
    ownerKind: OwnerKind;
    ownerId: string;
    secretHash: string;
    scopes: string[];
    revokedAt: Date | null;
  }): ApiKey {
    return new ApiKey(k.keyId, k.ownerKind, k.ownerId, k.secretHash, k.scopes, k.revokedAt);
  }

  get revokedAt(): Date | null {
    return this.revokedAtValue;
  }

  get active(): boolean {
    return this.revokedAtValue === null;
  }

  revoke(now: Date): void {
    this.revokedAtValue ??= now;
  }

  /** The scopes a token for this key gets: the requested subset, or all when none requested. */
  grant(requested: string[] | undefined): string[] {
    if (!requested || requested.length === 0) return this.scopes;
    const missing = requested.filter((s) => !this.scopes.includes(s));
    if (missing.length > 0) throw new InvalidScopeError(missing);
    return [...new Set(requested)];
  }
}
