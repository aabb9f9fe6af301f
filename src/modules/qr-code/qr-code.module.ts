import { Module } from '@nestjs/common';
import { CashInModule } from '../cash-in/cash-in.module.js';
import { KeysModule } from '../keys/keys.module.js';
import { DecodeBrCodeUseCase } from './application/decode-br-code.use-case.js';
import { PaymentLookups } from './application/payment-lookups.js';
import { QrLookupRepository } from './application/qr-lookup.repository.js';
import { QrPayloadFetcher } from './application/qr-payload-fetcher.js';
import { StoredPaymentLookups } from './application/stored-payment-lookups.js';
import { QrCodeController } from './infrastructure/http/qr-code.controller.js';
import { QrLookupPurger } from './infrastructure/persistence/qr-lookup.purger.js';
import { SqlQrLookupRepository } from './infrastructure/persistence/sql-qr-lookup.repository.js';
import { SandboxQrPayloadFetcher } from './infrastructure/sandbox/sandbox-qr-payload-fetcher.adapter.js';
import { HttpsQrPayloadFetcher } from './infrastructure/remote/https-qr-payload-fetcher.adapter.js';
import { RoutingQrPayloadFetcher } from './infrastructure/remote/routing-qr-payload-fetcher.adapter.js';
import { bindByProvider } from '../../config/pix-provider.js';

/** BR Code decoding and the lookup history that Flow 3 cash-outs pay from. */
@Module({
  imports: [KeysModule, CashInModule],
  controllers: [QrCodeController],
  providers: [
    DecodeBrCodeUseCase,
    { provide: QrLookupRepository, useClass: SqlQrLookupRepository },
    // Our charges in process (the sandbox's), other institutions' over HTTPS, verified (docs/adr/0208-foreign-dynamic-qr-verification.md).
    SandboxQrPayloadFetcher,
    HttpsQrPayloadFetcher,
    ...bindByProvider(QrPayloadFetcher, { sandbox: RoutingQrPayloadFetcher }),
    { provide: PaymentLookups, useClass: StoredPaymentLookups },
    QrLookupPurger,
  ],
  exports: [PaymentLookups],
})
export class QrCodeModule {}
