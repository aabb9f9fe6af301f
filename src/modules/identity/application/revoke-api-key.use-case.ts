import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import { IdentityRepository } from './identity.repository.js';
import { Clock } from '../../../shared/time/clock.js';

/** Revokes a key; tokens issued from it stop working within the verifier's cache lifetime. */
@Injectable()
export class RevokeApiKeyUseCase {
  constructor(
    private readonly repo: IdentityRepository,
    private readonly clock: Clock,
  ) {}

  async execute(keyId: string): Promise<{ revoked: true }> {
    const key = await this.repo.findApiKey(keyId);
    if (!key) throw new NotFoundError('API key');
    key.revoke(this.clock.now());
    await this.repo.saveApiKey(key);
    return { revoked: true };
  }
}
