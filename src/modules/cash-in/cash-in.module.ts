import { Module } from '@nestjs/common';
import { FeesModule } from '../fees/fees.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { KeysModule } from '../keys/keys.module.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { ParticipantsModule } from '../participants/participants.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { CancelChargeUseCase } from './application/cancel-charge.use-case.js';
import { ChargeExpiry } from './application/charge-expiry.js';
import { CashInCreditsModule } from './cash-in-credits.module.js';
import { ChargeCashParts } from './application/charge-cash-parts.js';
import { ChargePayments } from './application/charge-payments.js';
import { ChargeQuotes } from './application/charge-quotes.js';
import { ChargeRepository } from './application/charge.repository.js';
import { ChargeStore } from './application/charge-store.js';
import { CreateChargeUseCase } from './application/create-charge.use-case.js';
import { CreateStaticQrUseCase } from './application/create-static-qr.use-case.js';
import { ExpireChargesUseCase } from './application/expire-charges.use-case.js';
import { GetChargeUseCase } from './application/get-charge.use-case.js';
import { ListChargesUseCase } from './application/list-charges.use-case.js';
import { MerchantCharges } from './application/merchant-charges.js';
import { PayloadLocationRepository } from './application/payload-location.repository.js';
import { PayloadLocations } from './application/payload-locations.js';
import { ReviseChargeUseCase } from './application/revise-charge.use-case.js';
import { PayChargeUseCase } from './application/pay-charge.use-case.js';
import { QrImageRenderer } from './application/qr-image-renderer.js';
import { CashInController } from './infrastructure/http/cash-in.controller.js';
import { SqlChargeRepository } from './infrastructure/persistence/sql-charge.repository.js';
import { SqlPayloadLocationRepository } from './infrastructure/persistence/sql-payload-location.repository.js';
import { QrcodePngRenderer } from './infrastructure/qr-image/qrcode-png.renderer.js';
import { ChargeExpiryScheduler } from './infrastructure/queue/charge-expiry.scheduler.js';

/**
 * Inbound Pix: charges (immediate and due-date) with their dynamic BR Codes, status, cancel and expiry,
 * and the receipt of a charge's payment (ChargePayments, used by on-us settlement and the sandbox).
 */
@Module({
  imports: [IdentityModule, KeysModule, LedgerModule, TransactionsModule, FeesModule, ParticipantsModule, CashInCreditsModule],
  controllers: [CashInController],
  providers: [
    { provide: ChargeRepository, useClass: SqlChargeRepository },
    { provide: PayloadLocationRepository, useClass: SqlPayloadLocationRepository },
    PayloadLocations,
    ChargeStore,
    { provide: QrImageRenderer, useClass: QrcodePngRenderer },
    CreateChargeUseCase,
    CreateStaticQrUseCase,
    GetChargeUseCase,
    ListChargesUseCase,
    CancelChargeUseCase,
    ReviseChargeUseCase,
    MerchantCharges,
    ExpireChargesUseCase,
    ChargeExpiry,
    ChargePayments,
    ChargeQuotes,
    ChargeCashParts,
    PayChargeUseCase,
    ChargeExpiryScheduler,
  ],
  exports: [
    CashInCreditsModule,
    MerchantCharges,
    PayloadLocations,
    ChargePayments,
    ChargeQuotes,
    ChargeCashParts,
    PayChargeUseCase,
    QrImageRenderer,
  ],
})
export class CashInModule {}
