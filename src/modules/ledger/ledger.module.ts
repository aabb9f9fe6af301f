import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity/identity.module.js';
import { GetBalanceUseCase } from './application/get-balance.use-case.js';
import { LedgerRepository } from './application/ledger.repository.js';
import { LedgerService } from './application/ledger.service.js';
import { VerifyLedgerUseCase } from './application/verify-ledger.use-case.js';
import { BalanceController } from './infrastructure/http/balance.controller.js';
import { LedgerAdminController } from './infrastructure/http/ledger-admin.controller.js';
import { JournalOrmEntity } from './infrastructure/persistence/journal.orm-entity.js';
import { LedgerAccountOrmEntity } from './infrastructure/persistence/ledger-account.orm-entity.js';
import { LedgerEntryOrmEntity } from './infrastructure/persistence/ledger-entry.orm-entity.js';
import { PostingOrmEntity } from './infrastructure/persistence/posting.orm-entity.js';
import { TypeormLedgerRepository } from './infrastructure/persistence/typeorm-ledger.repository.js';

/** Double-entry journal, client balances and the balance endpoint. */
@Module({
  imports: [IdentityModule, TypeOrmModule.forFeature([LedgerAccountOrmEntity, JournalOrmEntity, PostingOrmEntity, LedgerEntryOrmEntity])],
  controllers: [BalanceController, LedgerAdminController],
  providers: [{ provide: LedgerRepository, useClass: TypeormLedgerRepository }, LedgerService, GetBalanceUseCase, VerifyLedgerUseCase],
  exports: [LedgerService],
})
export class LedgerModule {}
