import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { CreateClientUseCase } from '../../identity/application/create-client.use-case.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { OpeningBalance } from './opening-balance.js';

export interface OnboardedClient {
  client_id: string;
  account_id: string;
  key_id: string;
  secret_key: string;
  scopes: string[];
}

/**
 * Opens a client end to end: identity (client, default account, key), its ledger account, and an
 * optional opening balance credited by the provider's OpeningBalance adapter. All or nothing.
 */
@Injectable()
export class OnboardClientUseCase {
  constructor(
    private readonly createClient: CreateClientUseCase,
    private readonly ledger: LedgerService,
    private readonly openingBalance: OpeningBalance,
    private readonly uow: UnitOfWork,
  ) {}

  execute(name: string, document: string, scopes?: string[], balance?: string, mei = false): Promise<OnboardedClient> {
    return this.uow.run(async () => {
      const created = await this.createClient.execute(name, document, scopes, mei);
      await this.ledger.openAccount(created.account.id, created.client.id);
      if (balance) await this.openingBalance.credit(created.client.id, balance);
      return {
        client_id: created.client.id,
        account_id: created.account.id,
        key_id: created.key_id,
        secret_key: created.secret_key,
        scopes: created.scopes,
      };
    });
  }
}
