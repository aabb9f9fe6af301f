import { Module } from '@nestjs/common';
import { CredentialVerifier } from '../../shared/auth/credential-verifier.js';
import { AccountDirectory } from './application/account-directory.js';
import { CreateAdminUseCase } from './application/create-admin.use-case.js';
import { CreateApiKeyUseCase } from './application/create-api-key.use-case.js';
import { CreateClientUseCase } from './application/create-client.use-case.js';
import { IdentityRepository } from './application/identity.repository.js';
import { IssueTokenUseCase } from './application/issue-token.use-case.js';
import { RevokeApiKeyUseCase } from './application/revoke-api-key.use-case.js';
import { SecretHasher } from './application/secret-hasher.js';
import { ApiKeyCredentialVerifier } from './infrastructure/api-key-credential-verifier.adapter.js';
import { AuthController } from './infrastructure/http/auth.controller.js';
import { SqlIdentityRepository } from './infrastructure/persistence/sql-identity.repository.js';

/** Clients, accounts, admins, API keys and bearer tokens. */
@Module({
  controllers: [AuthController],
  providers: [
    { provide: IdentityRepository, useClass: SqlIdentityRepository },
    { provide: CredentialVerifier, useClass: ApiKeyCredentialVerifier },
    SecretHasher,
    AccountDirectory,
    CreateApiKeyUseCase,
    CreateClientUseCase,
    CreateAdminUseCase,
    RevokeApiKeyUseCase,
    IssueTokenUseCase,
  ],
  exports: [AccountDirectory, CredentialVerifier, CreateClientUseCase, CreateAdminUseCase, CreateApiKeyUseCase, RevokeApiKeyUseCase],
})
export class IdentityModule {}
