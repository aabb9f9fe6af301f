import { eventConstructor, type DomainEvent } from '../../../shared/domain/domain-event.js';
import type { EventCataloguePart, EventDefinitions } from '../../../shared/domain/events/event-catalogue.js';
import { maskedDocument } from '../../../shared/domain/tax-id.js';
import type { Money } from '../../../shared/money/money.js';

const chargeSchema = <S extends string>(status: S) =>
  ({
    transaction_id: { type: 'string', format: 'uuid', description: 'The charge (`transaction_id` in the API, the id in its path)' },
    conciliation_id: { type: 'string', description: "The charge's txid (`conciliation_id` in the API)" },
    reference: { type: 'string', description: 'Your `reference` for the charge' },
    status: { type: 'string', enum: [status], description: `The charge's status: always \`${status}\` in this event` },
    amount: { type: 'string', format: 'decimal', description: 'The amount charged' },
    account_id: { type: 'string', format: 'uuid', description: 'The account the charge would have credited' },
  }) as const;

/**
 * Cash-in's events (docs/events.md). `cash_in.completed` is the fact of money arriving, whoever caused it
 * (a charge paid, an on-us cash-out, a sandbox deposit): it is built only by `CashInCredits`.
 */
export const CASH_IN_EVENTS = {
  'cash_in.completed': {
    description:
      'Money arrived in one of your accounts: an inbound Pix (from a client of this service, settled on-us, or from another institution: in the sandbox, a deposit or a charge paid by its simulated payer).',
    webhook: true,
    aggregate: 'the `cash_in` transaction',
    payload: {
      transaction_id: { type: 'string', format: 'uuid', description: 'The `cash_in` transaction (`transaction_id` in the API)' },
      end_to_end_id: {
        type: 'string',
        format: 'end-to-end-id',
        description: "The Pix end-to-end id (on-us: the same as the payer's cash-out)",
      },
      amount: { type: 'string', format: 'decimal', description: 'The amount the payer sent' },
      fee: { type: 'string', format: 'decimal', description: 'The inbound fee charged on it (`"0.00"` when none)' },
      net_amount: { type: 'string', format: 'decimal', description: '`amount` minus `fee`: what the available balance grew by' },
      account_id: { type: 'string', format: 'uuid', description: 'The account credited' },
      psp_ispb: { type: 'string', format: 'ispb', description: 'The ISPB of this institution, which holds the credited account' },
      conciliation_id: {
        type: 'string',
        nullable: true,
        description: 'The txid of the charge this payment paid (`conciliation_id` in the API); `null` for a payment without a charge',
      },
      txid: {
        type: 'string',
        nullable: true,
        description:
          "The txid the payment carried, for your reconciliation: the charge's (as `conciliation_id`), or the one in your static QR code (its field 62-05, `txid` of the transaction); `null` when none",
      },
      pix_key: {
        type: 'string',
        nullable: true,
        description:
          "The Pix key the payment was sent to: the charge's key for a charge paid, the key (or static QR code's key) an on-us payment named; `null` when paid by account details or a sandbox deposit",
      },
      payer: {
        type: 'object',
        description:
          "Who paid, as the transaction's `payer` shows them (docs/adr/0225-the-payer-on-every-credit.md): recorded when the money arrived, never changed later",
        properties: {
          name: { type: 'string', nullable: true, description: "The payer's name; `null` when their institution sent none" },
          document: {
            type: 'string',
            nullable: true,
            description:
              "The payer's CPF or CNPJ, masked (`***.456.789-**`, `**.345.678/0001-**`); `null` when their institution sent none",
          },
          ispb: {
            type: 'string',
            format: 'ispb',
            description: "The ISPB of the payer's institution (on-us: this institution's, `psp_ispb`)",
          },
          institution_name: {
            type: 'string',
            nullable: true,
            description:
              "The payer's institution as the Central Bank's participant list names it; `null` when the list does not hold its ISPB",
          },
        },
      },
    },
  },
  'cash_in.cancelled': {
    description: 'You cancelled a pending charge; its QR code can no longer be paid.',
    webhook: true,
    aggregate: 'the charge (its `transaction_id`)',
    payload: chargeSchema('cancelled'),
  },
  'cash_in.expired': {
    description:
      'A pending charge reached its `expires_at` unpaid (a due-date charge: 30 days after its due date); its QR code can no longer be paid.',
    webhook: true,
    aggregate: 'the charge (its `transaction_id`)',
    payload: chargeSchema('expired'),
  },
} as const satisfies EventDefinitions;

type CashInEventDefinitions = typeof CASH_IN_EVENTS;

declare module '../../../shared/domain/events/event-catalogue.js' {
  interface EventRegistry extends CashInEventDefinitions {}
}

/** Cash-in's section of the event catalogue (composed in src/events.catalogue.ts). */
export const CASH_IN_EVENT_PART: EventCataloguePart<CashInEventDefinitions> = { title: 'Cash-in (inbound Pix)', events: CASH_IN_EVENTS };

const domainEvent = eventConstructor(CASH_IN_EVENTS);

/** Who paid a credit: their name and document as recorded, their institution's ISPB and list name. */
export interface CreditPayer {
  name: string | null;
  /** In full or already masked: the event always shows it masked. */
  document: string | null;
  ispb: string;
  /** The participant list's name of `ispb`, as it was when the money arrived; null when the list lacks it. */
  institutionName: string | null;
}

/** A completed inbound Pix, however it arrived (a charge paid, on-us from another client, or a sandbox deposit). */
export interface CashInCompletedSource {
  /** The `cash_in` transaction: also the event's aggregate id. */
  transactionId: string;
  clientId: string;
  accountId: string;
  endToEndId: string;
  amount: Money;
  fee: Money;
  /** This institution's ISPB (it holds the credited account). */
  pspIspb: string;
  /** The txid of the charge the payment paid, when it paid one. */
  conciliationId?: string | null;
  /** The txid the payment carried (the charge's, or a static QR code's). */
  txid?: string | null;
  /** The receiving Pix key the payment named (a charge's key, or the key an on-us payment was sent to). */
  pixKey?: string | null;
  payer: CreditPayer;
}

export function cashInCompleted(c: CashInCompletedSource): DomainEvent<'cash_in.completed'> {
  return domainEvent('cash_in.completed', c.transactionId, c.clientId, {
    transaction_id: c.transactionId,
    end_to_end_id: c.endToEndId,
    amount: c.amount.toFixed2(),
    fee: c.fee.toFixed2(),
    net_amount: c.amount.minus(c.fee).toFixed2(),
    account_id: c.accountId,
    psp_ispb: c.pspIspb,
    conciliation_id: c.conciliationId ?? null,
    txid: c.txid ?? null,
    pix_key: c.pixKey ?? null,
    payer: {
      name: c.payer.name,
      document: c.payer.document === null ? null : maskedDocument(c.payer.document),
      ispb: c.payer.ispb,
      institution_name: c.payer.institutionName,
    },
  });
}

/** A charge that left `pending` without being paid. */
export interface ChargeClosedSource {
  id: string;
  clientId: string;
  accountId: string;
  txid: string;
  reference: string;
  amount: Money;
}

const chargePayload = <S extends 'cancelled' | 'expired'>(c: ChargeClosedSource, status: S) => ({
  transaction_id: c.id,
  conciliation_id: c.txid,
  reference: c.reference,
  status,
  amount: c.amount.toFixed2(),
  account_id: c.accountId,
});

export function cashInCancelled(c: ChargeClosedSource): DomainEvent<'cash_in.cancelled'> {
  return domainEvent('cash_in.cancelled', c.id, c.clientId, chargePayload(c, 'cancelled'));
}

export function cashInExpired(c: ChargeClosedSource): DomainEvent<'cash_in.expired'> {
  return domainEvent('cash_in.expired', c.id, c.clientId, chargePayload(c, 'expired'));
}

/** One builder per event name (src/events.catalogue.ts checks that every name has one). */
export const CASH_IN_EVENT_BUILDERS = {
  'cash_in.completed': cashInCompleted,
  'cash_in.cancelled': cashInCancelled,
  'cash_in.expired': cashInExpired,
} as const;
