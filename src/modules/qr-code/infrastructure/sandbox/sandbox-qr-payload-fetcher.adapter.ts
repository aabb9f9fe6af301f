import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { Clock } from '../../../../shared/time/clock.js';
import { ChargeQuotes, type ChargeQuote } from '../../../cash-in/application/charge-quotes.js';
import { QrPayloadFetcher, type DueDateTerms, type DynamicQrPayload } from '../../application/qr-payload-fetcher.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function dueDateTermsOf(quote: ChargeQuote): DueDateTerms | undefined {
  const d = quote.dueDate;
  if (!d) return undefined;
  return {
    dueDate: d.dueDate,
    ...(d.penalty ? { penalty: { mode: d.penalty.mode, value: d.penalty.value } } : {}),
    ...(d.interest ? { interest: { mode: d.interest.mode, value: d.interest.value } } : {}),
    ...(d.discount
      ? {
          discount: {
            mode: d.discount.mode,
            ...(d.discount.value !== undefined ? { value: d.discount.value } : {}),
            ...(d.discount.fixedDates ? { fixed_dates: d.discount.fixedDates.map((f) => ({ date: f.date, value: f.value })) } : {}),
          },
        }
      : {}),
    ...(d.rebate ? { rebate: { mode: d.rebate.mode, value: d.rebate.value } } : {}),
    finalAmount: d.amounts.finalAmount,
  };
}

/**
 * Sandbox fetcher (docs/conventions.md §8): a URL under PIX_QR_BASE_URL/qr/v2/<id> resolves to the charge
 * `<id>` of this service, as of now; any other URL (another host, or no such charge) is unknown (null).
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
    const id = url.slice(prefix.length);
    if (!UUID.test(id)) return null;
    const quote = await this.quotes.quote(id.toLowerCase(), this.clock.now());
    if (!quote) return null;
    const dueDate = dueDateTermsOf(quote);
    return {
      chargeId: quote.chargeId,
      txid: quote.txid,
      status: quote.status,
      amount: quote.amount,
      pixKey: quote.pixKey,
      pixKeyType: quote.pixKeyType,
      receiver: quote.receiver,
      ...(dueDate ? { dueDate } : {}),
    };
  }
}
