import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { QrPayloadFetcher, type DynamicQrPayload } from '../../application/qr-payload-fetcher.js';

/**
 * Sandbox fetcher (docs/conventions.md §8): only URLs under PIX_QR_BASE_URL/qr/v2/ can resolve, to charges of
 * this service. Cash-in charges are not built yet, so every such URL is still unknown (null); the
 * cash-in capability plugs its charges in here.
 */
@Injectable()
export class SandboxQrPayloadFetcher extends QrPayloadFetcher {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  async fetch(url: string): Promise<DynamicQrPayload | null> {
    const prefix = `${this.config.pixQrBaseUrl.replace(/\/+$/, '')}/qr/v2/`;
    if (!url.toLowerCase().startsWith(prefix.toLowerCase())) return null;
    return null;
  }
}
