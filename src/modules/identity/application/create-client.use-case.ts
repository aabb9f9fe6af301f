import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { Client, type Account } from '../domain/client.aggregate.js';
import { CreateApiKeyUseCase, type IssuedKey } from './create-api-key.use-case.js';
import { IdentityRepository } from './identity.repository.js';
import { Clock } from '../../../shared/time/clock.js';

export interface CreatedClient extends IssuedKey {
  client: Client;
  account: Account;
}

/** Registers a client with its default account and a first API key, in one transaction. */
@Injectable()
export class CreateClientUseCase {
  constructor(
    private readonly repo: IdentityRepository,
    private readonly createKey: CreateApiKeyUseCase,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(name: string, document: string, scopes?: string[], mei = false): Promise<CreatedClient> {
    return this.uow.run(async () => {
      const client = Client.register(randomUUID(), name, document, this.clock.now(), mei);
      if (await this.repo.findClientByDocument(client.document)) {
        throw new DomainError('CLIENT_ALREADY_EXISTS', 'A client with this document already exists');
      }
      await this.repo.saveClient(client);
      const account = await this.repo.openAccount(client.id, true);
      const key = await this.createKey.execute('client', client.id, scopes);
      return { client, account, ...key };
    });
  }
}
