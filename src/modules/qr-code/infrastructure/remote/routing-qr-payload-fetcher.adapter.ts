import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { QrPayloadFetcher, type DynamicQrPayload } from '../../application/qr-payload-fetcher.js';
import { SandboxQrPayloadFetcher } from '../sandbox/sandbox-qr-payload-fetcher.adapter.js';
import { HttpsQrPayloadFetcher } from './https-qr-payload-fetcher.adapter.js';

/** Whether `url` (a QR's field 26-25, no scheme) is under `base` (PIX_QR_BASE_URL), case aside. */
export function isUnderBase(url: string, base: string): boolean {
  const prefix = `${base.replace(/\/+$/, '')}/`.toLowerCase();
  return url.toLowerCase().startsWith(prefix);
}

/**
 * A URL under PIX_QR_BASE_URL is one of our charges, resolved in process (never fetched over the network);
 * any other is another institution's, fetched and verified (HttpsQrPayloadFetcher).
 */
@Injectable()
export class RoutingQrPayloadFetcher extends QrPayloadFetcher {
  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pixQrBaseUrl'>,
    private readonly own: SandboxQrPayloadFetcher,
    private readonly foreign: HttpsQrPayloadFetcher,
  ) {
    super();
  }

  fetch(url: string): Promise<DynamicQrPayload | null> {
    return isUnderBase(url, this.config.pixQrBaseUrl) ? this.own.fetch(url) : this.foreign.fetch(url);
  }
}
