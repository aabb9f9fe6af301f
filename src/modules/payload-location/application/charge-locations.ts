import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { addDays, brazilDate, brazilDayStart } from '../../../shared/time/brazil-calendar.js';
import { Clock } from '../../../shared/time/clock.js';
import { ChargeQuotes, type ChargeQuote } from '../../cash-in/application/charge-quotes.js';
import { dueDateChargePayload, immediateChargePayload, type ChargeForPayload } from '../domain/cob-payload.js';
import { LocationProblem } from '../domain/location-problem.js';
import { paymentDate } from '../domain/payment-date.js';
import { PayloadSigner } from './payload-signer.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

/** The query of a due-date charge's location (API Pix, `GET /cobv/{pixUrlAccessToken}`). */
export interface DueDateQuery {
  DPP?: unknown;
  codMun?: unknown;
}

function chargeOf(q: ChargeQuote): ChargeForPayload {
  return {
    txid: q.txid,
    revision: q.revision,
    createdAt: q.createdAt,
    expiresAt: q.expiresAt,
    amount: q.amount,
    pixKey: q.pixKey,
    description: q.description,
    expectedPayer: q.expectedPayer,
  };
}

/** The last São Paulo date a due-date charge can be paid: the day before its expiry (the start of a day). */
function lastPayableDate(q: ChargeQuote): string {
  return addDays(brazilDate(q.expiresAt), -1);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The locations of our dynamic QR codes (docs/adr/0205-payload-location.md): the signed payload of a charge
 * as of now, or the problem a payer's institution is answered with (docs/adr/0207-payload-location-errors.md).
 */
@Injectable()
export class ChargeLocations {
  constructor(
    private readonly quotes: ChargeQuotes,
    private readonly signer: PayloadSigner,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pixMerchantCity'>,
  ) {}

  /**
   * `<prefix>/qr/v2/<id>`: an immediate charge's `CobPayload`. A due-date charge issued before its location
   * moved to `cobv/` answers here as at its own location, priced today.
   */
  async immediate(id: string): Promise<string> {
    const now = this.clock.now();
    const quote = await this.payable(id, now);
    if (quote.dueDate) return this.dueDatePayload(quote, {}, now);
    return this.signer.sign(immediateChargePayload(chargeOf(quote), now));
  }

  /** `<prefix>/qr/v2/cobv/<id>?DPP=&codMun=`: a due-date charge's `CobVPayload` for the payment date `DPP`. */
  async dueDate(id: string, query: DueDateQuery): Promise<string> {
    const now = this.clock.now();
    const quote = await this.payable(id, now);
    if (!quote.dueDate) throw LocationProblem.notFound();
    return this.dueDatePayload(quote, query, now);
  }

  private async payable(id: string, now: Date): Promise<ChargeQuote> {
    if (!UUID.test(id)) throw LocationProblem.notFound();
    // A charge's own id, or an API Pix location's token (docs/adr/0238-api-pix-locations-are-the-clients-own.md).
    const quote = await this.quotes.atLocation(id.toLowerCase(), now);
    if (!quote) throw LocationProblem.notFound();
    if (quote.status !== 'active') throw LocationProblem.gone(quote.status);
    return quote;
  }

  private async dueDatePayload(quote: ChargeQuote, query: DueDateQuery, now: Date): Promise<string> {
    const today = brazilDate(now);
    const last = lastPayableDate(quote);
    const date = paymentDate({ dpp: query.DPP, codMun: query.codMun, today, lastPayableDate: last });
    const priced = date === today ? quote : await this.quotes.quote(quote.chargeId, now, brazilDayStart(date));
    if (!priced?.dueDate) throw LocationProblem.notFound();
    const due = priced.dueDate;
    const payload = dueDateChargePayload(
      chargeOf(priced),
      {
        dueDate: due.terms.dueDate,
        daysPayableAfterDue: daysBetween(due.terms.dueDate, last),
        amounts: due.amounts,
        receiver: {
          name: priced.receiver.name,
          document: priced.receiver.document,
          city: this.config.pixMerchantCity,
          ...priced.receiverAddress,
        },
      },
      now,
    );
    return this.signer.sign(payload);
  }
}
