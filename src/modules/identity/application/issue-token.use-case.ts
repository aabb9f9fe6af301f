import { Injectable } from '@nestjs/common';
import { CredentialVerifier } from '../../../shared/auth/credential-verifier.js';
import { TokenService } from '../../../shared/auth/token.service.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { IdentityRepository } from './identity.repository.js';

/** Exchanges an API key pair for a bearer token carrying the requested (or all) scopes. */
@Injectable()
export class IssueTokenUseCase {
  constructor(
    private readonly verifier: CredentialVerifier,
    private readonly repo: IdentityRepository,
    private readonly tokens: TokenService,
  ) {}

  async execute(keyId: string | undefined, secret: string | undefined, scopes?: string[]) {
    if (!keyId || !secret) throw new DomainError('INVALID_CREDENTIALS', 'x-key-id and x-secret-key are required');
    const principal = await this.verifier.verifyApiKey(keyId, secret);
    const key = principal && (await this.repo.findApiKey(keyId));
    if (!principal || !key) throw new DomainError('INVALID_CREDENTIALS', 'Unknown API key or wrong secret');
    return this.tokens.issue({ ...principal, scopes: key.grant(scopes) });
  }
}
