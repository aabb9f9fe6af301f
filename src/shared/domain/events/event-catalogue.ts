import { PIX_KEY_TYPES } from '../pix-key.js';
import { REFUND_CODES } from '../refund-code.js';
import type { PayloadOf, PayloadSchema } from './event-schema.js';

/**
 * The one table of domain events: each event name's description, whether webhook subscribers receive it,
 * what its aggregate id is, and its payload schema. The payload types (`EventPayload`), the builders
 * (one per name, event-builders.ts) and docs/events.md are all derived from it, so they cannot disagree
 * (tests keep the builders' output and the rendered file in line with it).
 */

export const EVENT_GROUPS = {
  cash_out: 'Cash-out (outbound Pix)',
  cash_in: 'Cash-in (inbound Pix)',
  p2p: 'P2P transfers',
  reversals: 'Reversals (refunds of received payments)',
  keys: 'Pix keys',
  limits: 'Limit requests',
  med: 'MED (Mecanismo Especial de Devolução)',
} as const;

export type EventGroup = keyof typeof EVENT_GROUPS;

export interface EventDefinition {
  readonly group: EventGroup;
  /** One line, Markdown. */
  readonly description: string;
  /** Offered to the client's webhook subscriptions; otherwise internal (queue consumers only). */
  readonly webhook: boolean;
  /** What the event's `aggregate_id` identifies. */
  readonly aggregate: string;
  readonly payload: PayloadSchema;
}

// Value lists owned by module domains (a unit test checks these copies against them).
/** Why a key left the directory (keys/domain/pix-key.aggregate.ts `KEY_DELETION_REASONS`). */
const KEY_DELETION_REASONS = ['USER_REQUESTED', 'ACCOUNT_CLOSURE', 'BRANCH_TRANSFER', 'RECONCILIATION', 'FRAUD', 'RFB_VALIDATION'] as const;
/** limits/domain/limit-kinds.ts `LIMIT_TYPES` and `LIMIT_PERIODS`. */
const LIMIT_TYPES = ['pix_out', 'pix_in', 'ted', 'boleto'] as const;
const LIMIT_PERIODS = ['daytime', 'nighttime', 'daily', 'monthly'] as const;

const cashOutFields = <S extends string>(status: S) =>
  ({
    transaction_id: { type: 'string', format: 'uuid', description: 'The cash-out (`transaction_id` in the API)' },
    external_id: { type: 'string', nullable: true, description: 'Your `external_id` for the payment; `null` when it was sent without one' },
    status: { type: 'string', enum: [status], description: `The cash-out's status: always \`${status}\` in this event` },
    amount: { type: 'string', format: 'decimal', description: 'The amount sent' },
    end_to_end_id: { type: 'string', format: 'end-to-end-id', description: 'The Pix end-to-end id' },
  }) as const;

const chargeFields = <S extends string>(status: S) =>
  ({
    transaction_id: { type: 'string', format: 'uuid', description: 'The charge (`transaction_id` in the API, the id in its path)' },
    conciliation_id: { type: 'string', description: "The charge's txid (`conciliation_id` in the API)" },
    reference: { type: 'string', description: 'Your `reference` for the charge' },
    status: { type: 'string', enum: [status], description: `The charge's status: always \`${status}\` in this event` },
    amount: { type: 'string', format: 'decimal', description: 'The amount charged' },
    account_id: { type: 'string', format: 'uuid', description: 'The account the charge would have credited' },
  }) as const;

const reversalFields = <S extends string>(status: S) =>
  ({
    transaction_id: { type: 'string', format: 'uuid', description: 'The reversal (`id` in the API)' },
    external_id: { type: 'string', description: 'Your `external_id` for the reversal' },
    original_end_to_end_id: { type: 'string', format: 'end-to-end-id', description: 'The payment reversed' },
    refund_end_to_end_id: { type: 'string', format: 'end-to-end-id', description: 'The return id (`D` + ISPB + time + 11 characters)' },
    amount: { type: 'string', format: 'decimal', description: 'The amount given back' },
    refund_code: { type: 'string', enum: REFUND_CODES, description: 'The reason code' },
    status: { type: 'string', enum: [status], description: `The reversal's status: always \`${status}\` in this event` },
  }) as const;

const keyFields = <S extends string>(status: S) =>
  ({
    id: { type: 'string', format: 'uuid', description: 'The key record (`id` in the API)' },
    account_id: { type: 'string', format: 'uuid', description: 'The account the key points at' },
    key_type: { type: 'string', enum: PIX_KEY_TYPES, description: 'The key type' },
    key_value: { type: 'string', description: 'The key (for `EVP`, the random key generated at registration)' },
    status: { type: 'string', enum: [status], description: `The key's status: always \`${status}\` in this event` },
    created_at: { type: 'string', format: 'date-time', description: 'When the key was registered' },
  }) as const;

const limitRequestFields = <S extends string>(status: S) =>
  ({
    id: { type: 'string', format: 'uuid', description: 'The limit request (`id` in the API)' },
    account_id: { type: 'string', format: 'uuid', description: 'The account whose cap the request is about' },
    type: { type: 'string', enum: LIMIT_TYPES, description: 'The money flow the cap applies to' },
    period: { type: 'string', enum: LIMIT_PERIODS, description: 'Which of the four caps of that flow' },
    current_amount: { type: 'string', format: 'decimal', description: 'The cap when the request was made' },
    requested_amount: { type: 'string', format: 'decimal', description: 'The cap asked for' },
    reason: { type: 'string', description: "The client's reason; empty when none was given" },
    status: { type: 'string', enum: [status], description: `The request's status: always \`${status}\` in this event` },
    response_reason: { type: 'string', nullable: true, description: "The administrator's reason for a rejection; `null` otherwise" },
    expires_at: { type: 'string', format: 'date-time', description: 'When a request still pending lapses (48 h after it was made)' },
    decided_at: { type: 'string', format: 'date-time', nullable: true, description: 'When it was approved or rejected; `null` otherwise' },
    updated_at: { type: 'string', format: 'date-time', description: 'When the request last changed' },
  }) as const;

/** med/domain/med-request.aggregate.ts `MED_STATUSES`. */
const medFields = <S extends string>(status: S) =>
  ({
    id: { type: 'string', format: 'uuid', description: 'The MED request (`id` in the API)' },
    transaction_id: {
      type: 'string',
      format: 'uuid',
      description: 'The payment you received that the request is about (`cash_in` or `p2p_in`)',
    },
    end_to_end_id: { type: 'string', format: 'end-to-end-id', description: "The payment's end-to-end id" },
    account_id: { type: 'string', format: 'uuid', description: 'Your account that received the payment (and holds the block)' },
    amount: { type: 'string', format: 'decimal', description: "The amount claimed back (at most the payment's amount)" },
    blocked_amount: {
      type: 'string',
      format: 'decimal',
      description: 'What was blocked when the request opened: the smaller of `amount` and your available balance then (may be `"0.00"`)',
    },
    status: { type: 'string', enum: [status], description: `The request's status: always \`${status}\` in this event` },
    reason: { type: 'string', nullable: true, description: "The payer's institution's reason; `null` when none was given" },
    response_reason: {
      type: 'string',
      nullable: true,
      description: 'Your reason when you answered; `null` when none was given or not answered',
    },
    return_transaction_id: {
      type: 'string',
      format: 'uuid',
      nullable: true,
      description:
        'Your `med_return` transaction when an approval sent money back; `null` otherwise (nothing was blocked, or not approved)',
    },
    return_end_to_end_id: {
      type: 'string',
      format: 'end-to-end-id',
      nullable: true,
      description: 'The end-to-end id (`D…`) of the money sent back; `null` when none was',
    },
    created_at: { type: 'string', format: 'date-time', description: 'When the request was opened' },
    respond_by: {
      type: 'string',
      format: 'date-time',
      description: 'The deadline to answer (7 days after opening); unanswered, it closes',
    },
    responded_at: {
      type: 'string',
      format: 'date-time',
      nullable: true,
      description: 'When you approved or rejected it; `null` otherwise',
    },
  }) as const;

export const EVENT_CATALOGUE = {
  'cash_out.queued': {
    group: 'cash_out',
    description: 'A cash-out was accepted and waits for the settlement worker (internal: it starts settlement).',
    webhook: false,
    aggregate: 'the cash-out',
    payload: cashOutFields('queued'),
  },
  'cash_out.processing': {
    group: 'cash_out',
    description: 'Settlement started: the payment is being sent to the SPI (or settled on-us).',
    webhook: true,
    aggregate: 'the cash-out',
    payload: cashOutFields('processing'),
  },
  'cash_out.completed': {
    group: 'cash_out',
    description: 'The payment settled: the blocked amount left the account.',
    webhook: true,
    aggregate: 'the cash-out',
    payload: cashOutFields('completed'),
  },
  'cash_out.failed': {
    group: 'cash_out',
    description: 'The payment was rejected: the blocked amount is available again.',
    webhook: true,
    aggregate: 'the cash-out',
    payload: {
      ...cashOutFields('failed'),
      error_code: {
        type: 'string',
        description:
          'Why (ISO 20022 style: `AC03` invalid creditor account, `AM04` insufficient funds at the receiver, `AB03` timeout, ...)',
      },
      error_message: { type: 'string', description: 'The reason in words (for people; may change)' },
    },
  },
  'cash_out.returned': {
    group: 'cash_out',
    description: "The recipient's institution sent a completed payment back: `returned_amount` is credited to the account.",
    webhook: true,
    aggregate: 'the cash-out',
    payload: {
      ...cashOutFields('returned'),
      returned_amount: { type: 'string', format: 'decimal', description: 'The amount sent back (at most `amount`)' },
    },
  },
  'cash_in.completed': {
    group: 'cash_in',
    description:
      'Money arrived in one of your accounts: an inbound Pix (from a client of this service, settled on-us, or a sandbox deposit).',
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
    },
  },
  'cash_in.cancelled': {
    group: 'cash_in',
    description: 'You cancelled a pending charge; its QR code can no longer be paid.',
    webhook: true,
    aggregate: 'the charge (its `transaction_id`)',
    payload: chargeFields('cancelled'),
  },
  'cash_in.expired': {
    group: 'cash_in',
    description:
      'A pending charge reached its `expires_at` unpaid (a due-date charge: 30 days after its due date); its QR code can no longer be paid.',
    webhook: true,
    aggregate: 'the charge (its `transaction_id`)',
    payload: chargeFields('expired'),
  },
  'p2p.sent': {
    group: 'p2p',
    description: 'You paid another client of this service (a P2P transfer, completed at once).',
    webhook: true,
    aggregate: 'your `p2p_out` transaction (the transfer)',
    payload: {
      transaction_id: { type: 'string', format: 'uuid', description: 'Your `p2p_out` transaction (`transaction_id` of the transfer)' },
      end_to_end_id: { type: 'string', format: 'end-to-end-id', description: "The Pix end-to-end id, the same on the payee's side" },
      amount: { type: 'string', format: 'decimal', description: 'The amount sent' },
      from_account_id: { type: 'string', format: 'uuid', description: 'Your account debited' },
      to_account_id: { type: 'string', format: 'uuid', description: 'The account paid' },
      to_name: { type: 'string', description: "The payee's name" },
      external_id: { type: 'string', nullable: true, description: 'Your `external_id`; `null` when sent without one' },
      description: { type: 'string', nullable: true, description: 'The description shown to both sides' },
      created_at: { type: 'string', format: 'date-time', description: 'When the transfer was made' },
    },
  },
  'p2p.received': {
    group: 'p2p',
    description: 'Another client of this service paid you (a P2P transfer, completed at once).',
    webhook: true,
    aggregate: 'your `p2p_in` transaction',
    payload: {
      transaction_id: { type: 'string', format: 'uuid', description: 'Your `p2p_in` transaction' },
      end_to_end_id: { type: 'string', format: 'end-to-end-id', description: "The Pix end-to-end id, the same on the payer's side" },
      amount: { type: 'string', format: 'decimal', description: 'The amount received' },
      to_account_id: { type: 'string', format: 'uuid', description: 'Your account credited' },
      from_name: { type: 'string', description: "The payer's name" },
      description: { type: 'string', nullable: true, description: 'The description the payer wrote' },
      created_at: { type: 'string', format: 'date-time', description: 'When the transfer was made' },
    },
  },
  'reversal.queued': {
    group: 'reversals',
    description: 'Internal: a reversal of a payment from another institution waits for the settlement worker.',
    webhook: false,
    aggregate: 'the reversal (your `reversal_out` transaction)',
    payload: reversalFields('queued'),
  },
  'reversal.completed': {
    group: 'reversals',
    description: 'A reversal you made reached the original payer: the money left your account.',
    webhook: true,
    aggregate: 'the reversal (your `reversal_out` transaction)',
    payload: reversalFields('completed'),
  },
  'reversal.failed': {
    group: 'reversals',
    description: "A reversal you made was refused by the payer's institution; the held amount is available again.",
    webhook: true,
    aggregate: 'the reversal (your `reversal_out` transaction)',
    payload: {
      ...reversalFields('failed'),
      error_code: { type: 'string', description: 'ISO 20022 style reason (e.g. `AC03`)' },
      error_message: { type: 'string', description: 'Why it failed' },
    },
  },
  'key.registered': {
    group: 'keys',
    description: 'A Pix key was registered for one of your accounts.',
    webhook: true,
    aggregate: 'the key',
    payload: keyFields('active'),
  },
  'key.deleted': {
    group: 'keys',
    description: 'A Pix key of yours left the directory; its value is free for anyone to register.',
    webhook: true,
    aggregate: 'the key',
    payload: {
      ...keyFields('deleted'),
      deleted_at: { type: 'string', format: 'date-time', description: 'When the key was deleted' },
      reason: { type: 'string', enum: KEY_DELETION_REASONS, description: 'Why (DICT reason; `USER_REQUESTED` when you gave none)' },
    },
  },
  'limit_request.created': {
    group: 'limits',
    description: 'A request to change a cap was opened (internal).',
    webhook: false,
    aggregate: 'the limit request',
    payload: limitRequestFields('pending'),
  },
  'limit_request.approved': {
    group: 'limits',
    description: "An administrator approved the request: the account's cap is now `requested_amount`.",
    webhook: true,
    aggregate: 'the limit request',
    payload: limitRequestFields('approved'),
  },
  'limit_request.rejected': {
    group: 'limits',
    description: 'An administrator rejected the request (`response_reason` says why); the cap is unchanged.',
    webhook: true,
    aggregate: 'the limit request',
    payload: limitRequestFields('rejected'),
  },
  'limit_request.expired': {
    group: 'limits',
    description: 'Nobody decided the request within 48 hours: it lapsed and the cap is unchanged.',
    webhook: true,
    aggregate: 'the limit request',
    payload: limitRequestFields('expired'),
  },
  'med.opened': {
    group: 'med',
    description:
      "The payer's institution opened a MED request against a payment you received: `blocked_amount` of your balance is blocked until it is answered.",
    webhook: true,
    aggregate: 'the MED request',
    payload: medFields('OPEN'),
  },
  'med.in_analysis': {
    group: 'med',
    description: 'A MED request was left unanswered for 72 hours: it is in analysis, the block stays, and you can still answer it.',
    webhook: true,
    aggregate: 'the MED request',
    payload: medFields('IN_ANALYSIS'),
  },
  'med.approved': {
    group: 'med',
    description: 'You approved a MED request: the blocked amount was sent back to the payer (your `med_return` transaction).',
    webhook: true,
    aggregate: 'the MED request',
    payload: medFields('APPROVED'),
  },
  'med.rejected': {
    group: 'med',
    description: 'You rejected a MED request: the blocked amount is available again.',
    webhook: true,
    aggregate: 'the MED request',
    payload: medFields('REJECTED'),
  },
  'med.closed': {
    group: 'med',
    description: 'A MED request reached its deadline (`respond_by`) unanswered: it closed and the blocked amount is available again.',
    webhook: true,
    aggregate: 'the MED request',
    payload: medFields('CLOSED'),
  },
} as const satisfies Record<string, EventDefinition>;

export type EventName = keyof typeof EVENT_CATALOGUE;

export const EVENT_NAMES = Object.keys(EVENT_CATALOGUE) as EventName[];

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(EVENT_CATALOGUE, name);
}

/** The events a webhook can subscribe to (`webhook: true`), in catalogue order. */
export const WEBHOOK_EVENT_NAMES = EVENT_NAMES.filter((name) => EVENT_CATALOGUE[name].webhook);

/** The payload of event `N`, derived from its schema. */
export type EventPayload<N extends EventName> = PayloadOf<(typeof EVENT_CATALOGUE)[N]['payload']>;

/** Whether webhook subscribers receive event `N` (a literal type per name). */
export type EventWebhook<N extends EventName> = (typeof EVENT_CATALOGUE)[N]['webhook'];

// One named payload type per event, for readers and call sites.
export type CashOutQueuedPayload = EventPayload<'cash_out.queued'>;
export type CashOutProcessingPayload = EventPayload<'cash_out.processing'>;
export type CashOutCompletedPayload = EventPayload<'cash_out.completed'>;
export type CashOutFailedPayload = EventPayload<'cash_out.failed'>;
export type CashOutReturnedPayload = EventPayload<'cash_out.returned'>;
export type CashInCompletedPayload = EventPayload<'cash_in.completed'>;
export type CashInCancelledPayload = EventPayload<'cash_in.cancelled'>;
export type CashInExpiredPayload = EventPayload<'cash_in.expired'>;
export type P2pSentPayload = EventPayload<'p2p.sent'>;
export type P2pReceivedPayload = EventPayload<'p2p.received'>;
export type ReversalCompletedPayload = EventPayload<'reversal.completed'>;
export type ReversalFailedPayload = EventPayload<'reversal.failed'>;
export type KeyRegisteredPayload = EventPayload<'key.registered'>;
export type KeyDeletedPayload = EventPayload<'key.deleted'>;
export type LimitRequestCreatedPayload = EventPayload<'limit_request.created'>;
export type LimitRequestApprovedPayload = EventPayload<'limit_request.approved'>;
export type LimitRequestRejectedPayload = EventPayload<'limit_request.rejected'>;
export type LimitRequestExpiredPayload = EventPayload<'limit_request.expired'>;
export type MedOpenedPayload = EventPayload<'med.opened'>;
export type MedInAnalysisPayload = EventPayload<'med.in_analysis'>;
export type MedApprovedPayload = EventPayload<'med.approved'>;
export type MedRejectedPayload = EventPayload<'med.rejected'>;
export type MedClosedPayload = EventPayload<'med.closed'>;
