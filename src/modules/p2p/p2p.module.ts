import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { KeysModule } from '../keys/keys.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { LimitsModule } from '../limits/limits.module.js';
import { ParticipantsModule } from '../participants/participants.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { LookupP2pAccountUseCase } from './application/lookup-p2p-account.use-case.js';
import { P2pTransferRepository } from './application/p2p-transfer.repository.js';
import { TransferP2pUseCase } from './application/transfer-p2p.use-case.js';
import { P2pController } from './infrastructure/http/p2p.controller.js';
import { SqlP2pTransferRepository } from './infrastructure/persistence/sql-p2p-transfer.repository.js';

/** P2P: find another client of this service, and pay them at once. */
@Module({
  imports: [IdentityModule, KeysModule, LedgerModule, TransactionsModule, LimitsModule, ParticipantsModule],
  controllers: [P2pController],
  providers: [{ provide: P2pTransferRepository, useClass: SqlP2pTransferRepository }, LookupP2pAccountUseCase, TransferP2pUseCase],
})
export class P2pModule {}
