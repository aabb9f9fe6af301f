import { Foundation1763840000000 } from './1763840000000-foundation.js';
import { PixKeys1763850000000 } from './1763850000000-pix-keys.js';
import { Limits1763860000000 } from './1763860000000-limits.js';
import { Idempotency1763865000000 } from './1763865000000-idempotency.js';
import { CashOut1763870000000 } from './1763870000000-cash-out.js';
import { QrLookups1763875000000 } from './1763875000000-qr-lookups.js';
import { Fees1763880000000 } from './1763880000000-fees.js';
import { OneVocabulary1763890000000 } from './1763890000000-one-vocabulary.js';
import { MoneySafety1763900000000 } from './1763900000000-money-safety.js';
import { LimitUsage1763910000000 } from './1763910000000-limit-usage.js';
import { ListIndexes1763920000000 } from './1763920000000-list-indexes.js';
import { OutboxNotify1763930000000 } from './1763930000000-outbox-notify.js';
import { ListReferenceIndex1763940000000 } from './1763940000000-list-reference-index.js';
import { ExpectRows1763950000000 } from './1763950000000-expect-rows.js';
import { CashInCharges1763960000000 } from './1763960000000-cash-in-charges.js';
import { P2pTransfers1763970000000 } from './1763970000000-p2p-transfers.js';
import { Reversals1763980000000 } from './1763980000000-reversals.js';
import { Med1763990000000 } from './1763990000000-med.js';
import { Webhooks1764000000000 } from './1764000000000-webhooks.js';
import { IdempotencyRawAnswer1764010000000 } from './1764010000000-idempotency-raw-answer.js';
import { QueueBoardScopes1764020000000 } from './1764020000000-queue-board-scopes.js';
import { MedReturnStatus1764040000000 } from './1764040000000-med-return-status.js';
import { OutboxSignal1764050000000 } from './1764050000000-outbox-signal.js';
import { IdempotencyClaimInPayment1764060000000 } from './1764060000000-idempotency-claim-in-payment.js';
import { WebhookEvents1764070000000 } from './1764070000000-webhook-events.js';
import { ChargeRevision1764204000000 } from './1764204000000-charge-revision.js';
import { PayloadSigningKeys1764204100000 } from './1764204100000-payload-signing-keys.js';
import { CashOutTxid1764207000000 } from './1764207000000-cash-out-txid.js';
import { SpiOrderInitiation1764208000000 } from './1764208000000-spi-order-initiation.js';
import { ChargeTxidPerClient1764292900000 } from './1764292900000-charge-txid-per-client.js';
import { PixWebhooks1764293900000 } from './1764293900000-pix-webhooks.js';
import { ApiPixLocations1764300000000 } from './1764300000000-api-pix-locations.js';
import { TransactionTxid1764208100000 } from './1764208100000-transaction-txid.js';
import { DueDateDiscountModes1764208214000 } from './1764208214000-due-date-discount-modes.js';
import { LimitChangeTiming1764210000000 } from './1764210000000-limit-change-timing.js';
import { ClientMei1764220000000 } from './1764220000000-client-mei.js';
import { NighttimeStart1764230000000 } from './1764230000000-nighttime-start.js';
import { ChargeLineTxid1764240000000 } from './1764240000000-charge-line-txid.js';
import { ChargeListIndexes1764242000000 } from './1764242000000-charge-list-indexes.js';
import { LedgerEntryOrder1764242100000 } from './1764242100000-ledger-entry-order.js';

/** Every migration, in timestamp order; add new ones at the end. */
export const MIGRATIONS = [
  Foundation1763840000000,
  PixKeys1763850000000,
  Limits1763860000000,
  Idempotency1763865000000,
  CashOut1763870000000,
  QrLookups1763875000000,
  Fees1763880000000,
  OneVocabulary1763890000000,
  MoneySafety1763900000000,
  LimitUsage1763910000000,
  ListIndexes1763920000000,
  OutboxNotify1763930000000,
  ListReferenceIndex1763940000000,
  ExpectRows1763950000000,
  CashInCharges1763960000000,
  P2pTransfers1763970000000,
  Reversals1763980000000,
  Med1763990000000,
  Webhooks1764000000000,
  IdempotencyRawAnswer1764010000000,
  QueueBoardScopes1764020000000,
  MedReturnStatus1764040000000,
  OutboxSignal1764050000000,
  IdempotencyClaimInPayment1764060000000,
  WebhookEvents1764070000000,
  ChargeRevision1764204000000,
  PayloadSigningKeys1764204100000,
  CashOutTxid1764207000000,
  SpiOrderInitiation1764208000000,
  TransactionTxid1764208100000,
  DueDateDiscountModes1764208214000,
  LimitChangeTiming1764210000000,
  ClientMei1764220000000,
  NighttimeStart1764230000000,
  ChargeLineTxid1764240000000,
  ChargeListIndexes1764242000000,
  LedgerEntryOrder1764242100000,
  ChargeTxidPerClient1764292900000,
  PixWebhooks1764293900000,
  ApiPixLocations1764300000000,
];
