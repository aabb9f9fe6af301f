import { Inject, type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { CashInModule } from '../cash-in/cash-in.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { ReversalsModule } from '../reversals/reversals.module.js';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { KeysModule } from '../keys/keys.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { IssueApiPixTokenUseCase } from './application/issue-api-pix-token.use-case.js';
import { ApiPixFallbackController } from './infrastructure/http/api-pix-fallback.controller.js';
import { clientCertificateMiddleware } from './infrastructure/http/client-certificate.middleware.js';
import { CobController } from './infrastructure/http/cob.controller.js';
import { CobVController } from './infrastructure/http/cobv.controller.js';
import { LocController } from './infrastructure/http/loc.controller.js';
import { formBodyMiddleware } from './infrastructure/http/form-body.middleware.js';
import { OAuthTokenController } from './infrastructure/http/oauth-token.controller.js';
import { PixController } from './infrastructure/http/pix.controller.js';
import { WebhookController } from './infrastructure/http/webhook.controller.js';

/**
 * The Central Bank's API Pix beside the client API, over the same charges, received payments and refunds (docs/api-pix.md): its token endpoint
 * `POST /api-pix/oauth/token` and its resources under `/api-pix/v2` (docs/adr/0227-api-pix-beside-the-client-api.md).
 * Mounted by `api`/`all` processes.
 */
@Module({
  imports: [CashInModule, IdentityModule, TransactionsModule, ReversalsModule, KeysModule, WebhooksModule],
  // The fallback last: it answers every API Pix path no resource took.
  controllers: [
    OAuthTokenController,
    CobController,
    CobVController,
    LocController,
    PixController,
    WebhookController,
    ApiPixFallbackController,
  ],
  providers: [IssueApiPixTokenUseCase],
})
export class ApiPixModule implements NestModule {
  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'apiPixClientCertHeader'>) {}

  configure(consumer: MiddlewareConsumer): void {
    const header = this.config.apiPixClientCertHeader;
    if (header) consumer.apply(clientCertificateMiddleware(header)).forRoutes({ path: 'api-pix/*path', method: RequestMethod.ALL });
    consumer.apply(formBodyMiddleware).forRoutes({ path: 'api-pix/oauth/token', method: RequestMethod.POST });
  }
}
