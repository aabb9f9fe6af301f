import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { encodeBrCode } from '../../../shared/domain/br-code/br-code.js';
import { partyRecord } from '../../../shared/domain/counterparty.js';
import { isValidCnpj, isValidCpf } from '../../../shared/domain/tax-id.js';
import { DomainError, NotFoundError, type ErrorDetail } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { brazilDate } from '../../../shared/time/brazil-calendar.js';
import { Clock } from '../../../shared/time/clock.js';
import { AccountDirectory, type AccountWithHolder } from '../../identity/application/account-directory.js';
import { ReceivingKeys, type ReceivingKey } from '../../keys/application/receiving-keys.service.js';
import { ownAccountParty } from '../../participants/application/own-account-party.js';
import { ParticipantDirectory } from '../../participants/application/participant-directory.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { Charge, type ChargeDetails } from '../domain/charge.aggregate.js';
import { validateDueDateTerms } from '../domain/due-date-terms.js';
import { DueDateTerms, type DueDateTermsFields } from '../domain/due-date-terms.value-object.js';
import { ChargeRepository } from './charge.repository.js';
import { PayloadLocationRepository, type PayloadLocation } from './payload-location.repository.js';
import { newTxid, TXID_PATTERN } from './txid.js';

/** `expiration_time` of an immediate charge, in seconds (docs/adr/0103-charge-expiry-bounds.md). */
export const DEFAULT_EXPIRATION_SECONDS = 3600;
/** The spec states no minimum: any positive whole number of seconds (docs/conventions.md §9); a merchant testing expiry uses a short one. */
export const MIN_EXPIRATION_SECONDS = 1;
/**
 * Our documented maximum (docs/adr/0103-charge-expiry-bounds.md): a QR code left valid for longer than a month is a
 * liability, not a charge.
 */
export const MAX_EXPIRATION_SECONDS = 30 * 86_400;

export interface CreateChargeCommand {
  clientId: string;
  amount: string;
  reference: string;
  description?: string;
  payerName?: string;
  payerDocument?: string;
  expirationTime?: number;
  metadata?: Record<string, unknown>;
  /** A due-date charge's terms: `dueDate` makes it one (the other terms without it are refused). */
  terms?: Partial<DueDateTermsFields>;
  /** Kept as given and shown back. */
  details?: ChargeDetails;
  /**
   * The caller's own txid (API Pix `PUT /cob/{txid}`: 26 to 35 letters and digits, unique among the client's
   * charges, else TXID_IN_USE); drawn at random when absent, as the client API always does.
   */
  txid?: string;
  /**
   * The key to issue the charge under (API Pix `chave`): one of the caller's own active keys (else
   * PIX_KEY_NOT_REGISTERED), and the charge goes to that key's account. Absent: the default account's
   * oldest key (docs/adr/0099-the-receiving-key.md).
   */
  pixKey?: string;
  /**
   * An API Pix location of the caller (`loc.id`, docs/adr/0238-api-pix-locations-are-the-clients-own.md): the
   * charge is issued at it (its code carries the location's URL), which must be the caller's, of the charge's
   * kind, and free; absent, the charge has its own location.
   */
  locationId?: number;
}

/** The refusal of a `loc.id`, in the spec's words (tag Cob / CobV, `CobOperacaoInvalida`). */
function locationRefusal(issue: string): DomainError {
  return new DomainError('VALIDATION_ERROR', `loc.id ${issue}`, [{ field: 'loc.id', issue }]);
}

/**
 * Rules across fields of the request that no single field's validator can see. The spec states none of
 * them; each is a rule of Pix, cited in docs/adr/0112-charge-fields-and-the-pix-rules.md.
 * `amount` is always what the payer pays (field 54 of the code, what the account is credited).
 * A refusal names the request's fields, what the client sent.
 */
function combinationProblems(cmd: CreateChargeCommand): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const terms = cmd.terms ?? {};
  const d = cmd.details ?? {};
  if (terms.dueDate === undefined) {
    for (const f of ['penalty', 'interest', 'discount', 'rebate'] as const)
      if (terms[f] !== undefined) problems.push({ field: f, issue: 'applies to due-date charges only (set due_date)' });
  } else {
    // API Pix: a cobv's calendário has no `expiracao` (it is payable until due date + validadeAposVencimento).
    if (cmd.expirationTime !== undefined) {
      problems.push({
        field: 'expiration_time',
        issue: 'applies to immediate charges; a due-date charge is payable until due_date + 30 days',
      });
    }
    // API Pix: `retirada` (Saque/Troco) exists in an immediate charge's value only, not in a cobv's.
    if (d.withdrawAmount !== undefined) problems.push({ field: 'withdraw_amount', issue: 'applies to immediate charges only' });
    if (d.changeAmount !== undefined) problems.push({ field: 'change_amount', issue: 'applies to immediate charges only' });
  }
  if (cmd.txid !== undefined && !TXID_PATTERN.test(cmd.txid)) {
    problems.push({ field: 'txid', issue: 'must be 26 to 35 letters and digits' });
  }
  if (cmd.payerDocument !== undefined && !isValidCpf(cmd.payerDocument) && !isValidCnpj(cmd.payerDocument)) {
    problems.push({
      field: 'payer_document',
      issue: 'must be a valid CPF (11 digits) or CNPJ (12 digits or upper-case letters, then 2 check digits)',
    });
  }
  // API Pix, `retirada`: only one of saque and troco at a time, each with its agent mode.
  if (d.withdrawAmount !== undefined && d.changeAmount !== undefined) {
    problems.push({ field: 'change_amount', issue: 'cannot be combined with withdraw_amount' });
  }
  if ((d.withdrawAgentMode === undefined) !== (d.withdrawAmount === undefined)) {
    problems.push({ field: 'withdraw_agent_mode', issue: 'is required with withdraw_amount, and only with it' });
  }
  if ((d.changeAgentMode === undefined) !== (d.changeAmount === undefined)) {
    problems.push({ field: 'change_agent_mode', issue: 'is required with change_amount, and only with it' });
  }
  // API Pix, `retirada.troco`: the purchase (`valor.original`) is above zero, so the change is less than what is paid.
  if (d.changeAmount !== undefined && Money.of(d.changeAmount).gte(Money.of(cmd.amount))) {
    problems.push({ field: 'change_amount', issue: 'must be less than amount (Pix Troco: amount is the purchase plus the change)' });
  }
  // API Pix, `retirada.saque`: `valor.original` is 0.00, so all the payer pays is the cash handed out.
  if (d.withdrawAmount !== undefined && !Money.of(d.withdrawAmount).eq(Money.of(cmd.amount))) {
    problems.push({ field: 'withdraw_amount', issue: 'must equal amount (Pix Saque: what the payer pays is the cash handed out)' });
  }
  return problems;
}

/** The due-date charge's terms, once combinationProblems passed; null for an immediate charge. */
function termsOf(cmd: CreateChargeCommand): DueDateTerms | null {
  const { dueDate, ...rest } = cmd.terms ?? {};
  return dueDate === undefined ? null : DueDateTerms.of({ dueDate, ...rest });
}

/** A charge ready to be issued: everything but its rows (CreateChargeUseCase.prepare). */
export interface PreparedCharge {
  cmd: CreateChargeCommand;
  now: Date;
  amount: Money;
  terms: DueDateTerms | null;
  own: AccountWithHolder;
  /** The key the caller named (`pixKey`); null: the account's receiving key, found or registered at issue. */
  key: ReceivingKey | null;
  id: string;
  txid: string;
  expiresAt: Date;
  qrCodeText: string;
  /** The API Pix location the charge is issued at; null: its own. */
  location: PayloadLocation | null;
}

/**
 * Issues a charge: a dynamic BR Code whose URL (PIX_QR_BASE_URL/qr/v2/<id>, or /qr/v2/cobv/<id> for a due-date
 * charge) resolves to it, under the account's
 * oldest Pix key (an EVP key registered for it when it has none), with its `cash_in` transaction in `pending`, in
 * one database transaction. In two steps: `prepare` (writes nothing) validates, draws the id and txid and writes
 * the BR Code (which names no key: a dynamic code carries the URL); `issue` then writes the charge in the
 * transaction. The QR image is not drawn here: the controller draws it from `qr_code_text` once the transaction
 * is over (docs/adr/0204-one-idempotent-interceptor.md).
 */
@Injectable()
export class CreateChargeUseCase {
  constructor(
    private readonly accounts: AccountDirectory,
    private readonly keys: ReceivingKeys,
    private readonly participants: ParticipantDirectory,
    private readonly charges: ChargeRepository,
    private readonly transactions: TransactionsService,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG)
    private readonly config: Pick<AppConfig, 'pixMerchantCity' | 'pixProvider' | 'pixQrBaseUrl' | 'pspIspb' | 'pspName'>,
    private readonly locations: PayloadLocationRepository,
  ) {}

  /** Everything before the writes; writes nothing. */
  async prepare(cmd: CreateChargeCommand): Promise<PreparedCharge> {
    const now = this.clock.now();
    const problems = combinationProblems(cmd);
    if (problems.length > 0) throw new DomainError('VALIDATION_ERROR', `${problems[0]!.field} ${problems[0]!.issue}`, problems);
    const amount = Money.of(cmd.amount);
    const terms = termsOf(cmd);
    if (terms) validateDueDateTerms(terms, amount, brazilDate(now));
    // Another client's key is answered as a key never registered (docs/conventions.md §1, tenancy).
    const named = cmd.pixKey === undefined ? null : await this.keys.ownActive(cmd.clientId, cmd.pixKey);
    if (cmd.pixKey !== undefined && !named) throw new NotFoundError('Pix key', 'PIX_KEY_NOT_REGISTERED');
    const own = await this.accounts.ownAccount(cmd.clientId, named?.accountId);
    const key = named ? { keyType: named.keyType, keyValue: named.keyValue } : null;
    const location = cmd.locationId === undefined ? null : await this.freeLocation(cmd.clientId, cmd.locationId, terms !== null);
    const id = randomUUID();
    const txid = cmd.txid ?? newTxid();
    const expiresAt = terms
      ? Charge.dueDateChargeExpiry(terms.dueDate)
      : new Date(now.getTime() + (cmd.expirationTime ?? DEFAULT_EXPIRATION_SECONDS) * 1000);
    const qrCodeText = encodeBrCode({
      type: 'dynamic',
      // API Pix: a due-date charge is served at the `cobv/` location (docs/adr/0205-payload-location.md).
      // At an API Pix location, its URL (its token in place of the charge's id).
      url: `${this.config.pixQrBaseUrl.replace(/\/+$/, '')}/qr/v2/${terms ? 'cobv/' : ''}${location?.accessToken ?? id}`,
      merchantName: own.holder.name,
      merchantCity: this.config.pixMerchantCity,
      // No txid: a dynamic code writes `***` in 62-05, its txid travels in the payload
      // (docs/adr/0210-dynamic-codes-write-no-txid.md).
      // A due-date charge's amount depends on the day it is paid: only its payload says it.
      ...(terms ? {} : { amount: amount.toFixed2() }),
    });
    return { cmd, now, amount, terms, own, key, id, txid, expiresAt, qrCodeText, location };
  }

  /** The caller's location `id`, of the charge's kind and free (else the spec's violation of `loc.id`). */
  private async freeLocation(clientId: string, id: number, dueDate: boolean): Promise<PayloadLocation> {
    // Another client's location is one that does not exist (docs/conventions.md §1, tenancy).
    const location = Number.isSafeInteger(id) && id > 0 ? await this.locations.find(clientId, id) : null;
    if (!location) throw locationRefusal('referencia um location que inexiste');
    if (location.kind !== (dueDate ? 'dueDate' : 'immediate')) {
      throw locationRefusal(`referencia um location de tipo "${dueDate ? 'cob' : 'cobv'}" (deveria ser "${dueDate ? 'cobv' : 'cob'}")`);
    }
    if (location.chargeId !== null) throw locationRefusal('referencia um location que já está sendo utilizado por outra cobrança');
    return location;
  }

  /** Writes the prepared charge, its receiving key (registered if need be) and its transaction, in one transaction. */
  async issue(prepared: PreparedCharge): Promise<{ charge: Charge }> {
    const { cmd, now, amount, terms, own, id, txid, expiresAt, qrCodeText, location } = prepared;
    return this.uow.run(async () => {
      // A caller's own txid already used: refused before any write (the unique index stays the net for a race,
      // and its violation would name the key in the server log).
      if (cmd.txid !== undefined && (await this.charges.findByTxid(cmd.clientId, txid))) {
        throw new DomainError('TXID_IN_USE', `txid ${txid} is already used by one of your charges`);
      }
      const key = prepared.key ?? (await this.keys.forCharge(cmd.clientId, own.account.id));
      const receiver = ownAccountParty(own, this.participants, this.config);
      // Either may come alone (both are optional in the spec): a payer known by name, or by document.
      const expectedPayer =
        cmd.payerName !== undefined || cmd.payerDocument !== undefined
          ? { name: cmd.payerName ?? null, document: cmd.payerDocument ?? null }
          : null;
      const charge = Charge.issue({
        id,
        clientId: cmd.clientId,
        accountId: own.account.id,
        txid,
        reference: cmd.reference,
        description: cmd.description ?? null,
        amount,
        pixKey: key.keyValue,
        pixKeyType: key.keyType,
        expectedPayer,
        expiresAt,
        terms,
        details: { ...cmd.details },
        metadata: cmd.metadata ?? null,
        qrCodeText,
        registryDocumentId: `${this.config.pixProvider}-${txid}`,
        createdAt: now,
        locationId: location?.id ?? null,
      });
      await this.transactions.recordPayment({
        id,
        clientId: cmd.clientId,
        accountId: own.account.id,
        type: 'cash_in',
        status: 'pending',
        amount,
        reference: cmd.reference,
        pixKey: key.keyValue,
        pixKeyType: key.keyType,
        endToEndId: null,
        // The charge's txid, which its payment carries and the merchant reconciles by
        // (docs/adr/0226-a-charge-line-carries-its-txid.md).
        txid,
        payer: expectedPayer,
        receiver: partyRecord(receiver),
        description: cmd.description ?? null,
        metadata: cmd.metadata ?? null,
        at: now,
      });
      await this.charges.insert(charge);
      // Linked in the charge's transaction; taken meanwhile by another charge, both are refused but one.
      if (location && !(await this.locations.link(cmd.clientId, location.id, location.kind, id))) {
        throw locationRefusal('referencia um location que já está sendo utilizado por outra cobrança');
      }
      return { charge };
    });
  }
}
