import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import type { Counterparty } from '../../../shared/domain/counterparty.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import type { Money } from '../../../shared/money/money.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { ownAccountParty } from '../../participants/application/own-account-party.js';
import { ParticipantDirectory } from '../../participants/application/participant-directory.js';
import type { Charge } from '../domain/charge.aggregate.js';
import type { DueDateChargeAmounts } from '../domain/due-date-charge.js';
import { DueDateTerms } from '../domain/due-date-terms.value-object.js';
import { ChargeRepository } from './charge.repository.js';

/** The cash-in vocabulary a payer's side reads (the QR decode shows a due-date charge's terms). */
export { DueDateTerms };

/** A charge as a payer sees it at one moment: what the URL of its QR code resolves to. */
export interface ChargeQuote {
  chargeId: string;
  txid: string;
  /** `active` = payable now. */
  status: 'active' | 'expired' | 'cancelled' | 'paid';
  /** The charge's amount (before due-date terms). */
  amount: Money;
  /** What a payment made now must bring (a due-date charge's final amount). */
  amountDue: Money;
  pixKey: string;
  pixKeyType: string;
  receiver: Counterparty;
  /** A due-date charge's terms and what they make of the amount now; null for an immediate charge. */
  dueDate: { terms: DueDateTerms; amounts: DueDateChargeAmounts } | null;
  /** API Pix `revisao` (0 when issued, one more at every change). */
  revision: number;
  createdAt: Date;
  /** When an immediate charge expires; a due-date charge's end of `due_date + 30` days. */
  expiresAt: Date;
  /** The charge's description, shown to the payer (API Pix `solicitacaoPagador`). */
  description: string | null;
  /** The payer the charge names, when it names one (name and document each optional). */
  expectedPayer: { name: string | null; document: string | null } | null;
  /** The receiver's address as the charge gives it (a due-date charge's `recebedor`). */
  receiverAddress: { street?: string; state?: string; postalCode?: string };
}

const STATUS_SEEN_BY_PAYER = { pending: 'active', completed: 'paid', cancelled: 'cancelled', expired: 'expired' } as const;

/** Read-only views of charges for payers: the dynamic QR's payload, and a check before a payment is accepted. */
@Injectable()
export class ChargeQuotes {
  constructor(
    private readonly charges: ChargeRepository,
    private readonly accounts: AccountDirectory,
    private readonly participants: ParticipantDirectory,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb' | 'pspName'>,
  ) {}

  /**
   * The charge behind a QR as of `now`, or null when there is no such charge. A due-date charge's amounts are
   * those of a payment made at `pricedAt` (default `now`: the payer's intended payment date, API Pix `DPP`).
   */
  async quote(chargeId: string, now: Date, pricedAt: Date = now): Promise<ChargeQuote | null> {
    return this.quoteOf(await this.charges.findById(chargeId), now, pricedAt);
  }

  /**
   * The charge served at the payload location `key` (`/qr/v2/<key>`: an API Pix location's token, or the id of
   * a charge issued at none), quoted as `quote` does; null when the location serves no charge.
   */
  async atLocation(key: string, now: Date): Promise<ChargeQuote | null> {
    return this.quoteOf(await this.charges.findServedAt(key), now, now);
  }

  private async quoteOf(charge: Charge | null, now: Date, pricedAt: Date): Promise<ChargeQuote | null> {
    if (!charge) return null;
    const c = charge.snapshot;
    const owner = await this.accounts.byId(c.accountId);
    if (!owner) return null;
    const due = charge.amountDue(pricedAt);
    return {
      chargeId: c.id,
      txid: c.txid,
      status: charge.isLapsed(now) ? 'expired' : STATUS_SEEN_BY_PAYER[c.status],
      amount: c.amount,
      amountDue: due.amount,
      pixKey: c.pixKey,
      pixKeyType: c.pixKeyType,
      receiver: ownAccountParty(owner, this.participants, this.config),
      dueDate: c.terms && due.dueDate ? { terms: c.terms, amounts: due.dueDate } : null,
      revision: c.revision,
      createdAt: c.createdAt,
      expiresAt: c.expiresAt,
      description: c.description,
      expectedPayer: c.expectedPayer,
      receiverAddress: {
        ...(c.details.receiverAddress !== undefined ? { street: c.details.receiverAddress } : {}),
        ...(c.details.receiverState !== undefined ? { state: c.details.receiverState } : {}),
        ...(c.details.receiverPostalCode !== undefined ? { postalCode: c.details.receiverPostalCode } : {}),
      },
    };
  }

  /**
   * Refuses early a payment the charge would refuse at settlement (the settlement decides, under the
   * charge's lock): QR_CODE_EXPIRED, CHARGE_NOT_PAYABLE or AMOUNT_MISMATCH, by the charge's own rule.
   */
  async assertPayable(chargeId: string, amount: Money, now: Date): Promise<void> {
    const charge = await this.charges.findById(chargeId);
    if (!charge) throw new DomainError('CHARGE_NOT_PAYABLE', 'The charge behind this QR code no longer exists');
    const refusal = charge.refusalOfPayment(amount, now, now);
    if (refusal) throw refusal;
  }
}
