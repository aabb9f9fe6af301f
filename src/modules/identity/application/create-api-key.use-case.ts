import { Injectable } from '@nestjs/common';
import { CLIENT_SCOPES } from '../../../shared/auth/principal.js';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import { ApiKey, type OwnerKind } from '../domain/api-key.aggregate.js';
import { IdentityRepository } from './identity.repository.js';
import { SecretHasher } from './secret-hasher.js';

export interface IssuedKey {
  key_id: string;
  secret_key: string;
  scopes: string[];
}

/** Issues a new key for an existing client or admin; the secret is returned here and never again. */
@Injectable()
export class CreateApiKeyUseCase {
  constructor(
    private readonly repo: IdentityRepository,
    private readonly hasher: SecretHasher,
  ) {}

  async execute(ownerKind: OwnerKind, ownerId: string, scopes?: string[]): Promise<IssuedKey> {
    const owner = ownerKind === 'client' ? await this.repo.findClient(ownerId) : await this.repo.findAdmin(ownerId);
    if (!owner) throw new NotFoundError(ownerKind, ownerKind === 'client' ? 'CLIENT_NOT_FOUND' : 'NOT_FOUND');
    const secret = this.hasher.newSecret();
    const granted = scopes && scopes.length > 0 ? scopes : [...CLIENT_SCOPES];
    const key = ApiKey.issue(this.hasher.newKeyId(), ownerKind, ownerId, this.hasher.hash(secret), granted);
    await this.repo.saveApiKey(key);
    return { key_id: key.keyId, secret_key: secret, scopes: key.scopes };
  }
}
