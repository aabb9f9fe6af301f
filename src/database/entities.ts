import {
  AccountOrmEntity,
  AdminOrmEntity,
  ApiKeyOrmEntity,
  ClientOrmEntity,
} from '../modules/identity/infrastructure/persistence/identity.orm-entities.js';
import { JournalOrmEntity } from '../modules/ledger/infrastructure/persistence/journal.orm-entity.js';
import { LedgerAccountOrmEntity } from '../modules/ledger/infrastructure/persistence/ledger-account.orm-entity.js';
import { LedgerEntryOrmEntity } from '../modules/ledger/infrastructure/persistence/ledger-entry.orm-entity.js';
import { PostingOrmEntity } from '../modules/ledger/infrastructure/persistence/posting.orm-entity.js';
import { TransactionOrmEntity } from '../modules/transactions/infrastructure/persistence/transaction.orm-entity.js';
import { OutboxMessageOrmEntity } from '../shared/outbox/outbox-message.orm-entity.js';
import { IdempotencyKeyOrmEntity } from '../shared/idempotency/idempotency-key.orm-entity.js';
import { FeeScheduleOrmEntity } from '../modules/fees/infrastructure/persistence/fee-schedule.orm-entity.js';
import { QrLookupOrmEntity } from '../modules/qr-code/infrastructure/persistence/qr-lookup.orm-entity.js';
import { CashOutOrmEntity } from '../modules/cash-out/infrastructure/persistence/cash-out.orm-entity.js';
import { SandboxSpiOrderOrmEntity } from '../modules/spi/infrastructure/sandbox/sandbox-spi-order.orm-entity.js';
import { AccountLimitOrmEntity } from '../modules/limits/infrastructure/persistence/account-limit.orm-entity.js';
import { LimitRequestOrmEntity } from '../modules/limits/infrastructure/persistence/limit-request.orm-entity.js';
import { LimitUsageOrmEntity } from '../modules/limits/infrastructure/persistence/limit-usage.orm-entity.js';
import { LimitCapScheduleOrmEntity } from '../modules/limits/infrastructure/persistence/limit-cap-schedule.orm-entity.js';
import { AccountLimitSettingsOrmEntity } from '../modules/limits/infrastructure/persistence/account-limit-settings.orm-entity.js';
import { ChargeOrmEntity } from '../modules/cash-in/infrastructure/persistence/charge.orm-entity.js';
import { PayloadLocationOrmEntity } from '../modules/cash-in/infrastructure/persistence/payload-location.orm-entity.js';
import { P2pTransferOrmEntity } from '../modules/p2p/infrastructure/persistence/p2p-transfer.orm-entity.js';
import { MedRequestOrmEntity } from '../modules/med/infrastructure/persistence/med-request.orm-entity.js';
import { ReversalOrmEntity } from '../modules/reversals/infrastructure/persistence/reversal.orm-entity.js';
import {
  WebhookDeliveryAttemptOrmEntity,
  WebhookDeliveryOrmEntity,
  WebhookEventOrmEntity,
  WebhookOrmEntity,
} from '../modules/webhooks/infrastructure/persistence/webhook.orm-entity.js';
import {
  PixCallbackEventOrmEntity,
  PixCallbackOrmEntity,
  PixWebhookOrmEntity,
} from '../modules/webhooks/infrastructure/persistence/pix-webhook.orm-entity.js';
import { PixKeyOrmEntity } from '../modules/keys/infrastructure/persistence/pix-key.orm-entity.js';
import { PayloadSigningKeyOrmEntity } from '../modules/payload-location/infrastructure/persistence/payload-signing-key.orm-entity.js';

/** Every ORM entity, listed explicitly so one data source serves the app, the CLI and migrations. */
export const ENTITIES = [
  PixWebhookOrmEntity,
  PixCallbackEventOrmEntity,
  PixCallbackOrmEntity,
  ClientOrmEntity,
  AccountOrmEntity,
  AdminOrmEntity,
  ApiKeyOrmEntity,
  LedgerAccountOrmEntity,
  JournalOrmEntity,
  PostingOrmEntity,
  LedgerEntryOrmEntity,
  TransactionOrmEntity,
  OutboxMessageOrmEntity,
  IdempotencyKeyOrmEntity,
  CashOutOrmEntity,
  SandboxSpiOrderOrmEntity,
  FeeScheduleOrmEntity,
  QrLookupOrmEntity,
  AccountLimitOrmEntity,
  LimitRequestOrmEntity,
  LimitUsageOrmEntity,
  LimitCapScheduleOrmEntity,
  AccountLimitSettingsOrmEntity,
  PixKeyOrmEntity,
  ChargeOrmEntity,
  PayloadLocationOrmEntity,
  P2pTransferOrmEntity,
  MedRequestOrmEntity,
  ReversalOrmEntity,
  WebhookOrmEntity,
  WebhookDeliveryOrmEntity,
  WebhookDeliveryAttemptOrmEntity,
  WebhookEventOrmEntity,
  PayloadSigningKeyOrmEntity,
];
