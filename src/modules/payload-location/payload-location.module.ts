import { type DynamicModule, Module } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import type { AppConfig } from '../../config/app.config.js';
import { CashInModule } from '../cash-in/cash-in.module.js';
import { ChargeLocations } from './application/charge-locations.js';
import { PayloadSigner } from './application/payload-signer.js';
import { PayloadLocationController } from './infrastructure/http/payload-location.controller.js';
import { SqlDevelopmentKeys } from './infrastructure/persistence/sql-development-keys.js';
import { JosePayloadSigner } from './infrastructure/signing/jose-payload-signer.js';

/** The path part of PIX_QR_BASE_URL (`host[/path]`), under which the locations are served; often empty. */
export function locationPrefix(pixQrBaseUrl: string): string {
  const slash = pixQrBaseUrl.indexOf('/');
  return slash < 0 ? '' : pixQrBaseUrl.slice(slash).replace(/\/+$/, '');
}

/**
 * The locations of our dynamic QR codes (docs/adr/0205-payload-location.md): `GET <prefix>/qr/v2/<id>`,
 * `<prefix>/qr/v2/cobv/<id>` and `<prefix>/qr/v2/jwks`, the payloads signed with this institution's key
 * (table `payload_signing_keys` holds the development key).
 */
@Module({})
export class PayloadLocationModule {
  static register(config: Pick<AppConfig, 'pixQrBaseUrl'>): DynamicModule {
    const prefix = locationPrefix(config.pixQrBaseUrl);
    return {
      module: PayloadLocationModule,
      imports: [CashInModule, ...(prefix ? [RouterModule.register([{ path: prefix, module: PayloadLocationModule }])] : [])],
      controllers: [PayloadLocationController],
      providers: [SqlDevelopmentKeys, { provide: PayloadSigner, useClass: JosePayloadSigner }, ChargeLocations],
    };
  }
}
