import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { Clock } from '../../../../shared/time/clock.js';
import { ChargeQuotes } from '../../../cash-in/application/charge-quotes.js';
import { QrPayloadFetcher, type DynamicQrPayload } from '../../application/qr-payload-fetcher.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Sandbox fetcher (docs/conventions.md §8): a URL under PIX_QR_BASE_URL/qr/v2/<id> (or /qr/v2/cobv/<id>) resolves to the charge
 * served there (`<id>`: the charge's own id, or an API Pix location's token), as of now; any other URL (another host, or no such charge) is unknown (null).
 */
@Injectable()
export class SandboxQrPayloadFetcher extends QrPayloadFetcher {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly quotes: ChargeQuotes,
    private readonly clock: Clock,
  ) {
    super();
  }

  async fetch(url: string): Promise<DynamicQrPayload | null> {
    const prefix = `${this.config.pixQrBaseUrl.replace(/\/+$/, '')}/qr/v2/`;
    if (!url.toLowerCase().startsWith(prefix.toLowerCase())) return null;
    // A due-date charge's location is `cobv/<id>` (docs/adr/0205-payload-location.md); a query (DPP, codMun) is ignored.
    const id = url
      .slice(prefix.length)
      .replace(/^cobv\//i, '')
      .replace(/\?.*$/, '');
    if (!UUID.test(id)) return null;
    // What the location serves: a charge's own id, or an API Pix location's token linked to a charge.
    const quote = await this.quotes.atLocation(id.toLowerCase(), this.clock.now());
    if (!quote) return null;
    const due = quote.dueDate;
    return {
      chargeId: quote.chargeId,
      txid: quote.txid,
      status: quote.status,
      amount: quote.amount,
      pixKey: quote.pixKey,
      pixKeyType: quote.pixKeyType,
      receiver: quote.receiver,
      ...(due ? { dueDate: { terms: due.terms, finalAmount: due.amounts.finalAmount } } : {}),
    };
  }
}
