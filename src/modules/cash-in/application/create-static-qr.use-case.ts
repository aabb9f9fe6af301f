import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { encodeBrCode, PIX_GUI } from '../../../shared/domain/br-code/br-code.js';
import { DomainError, NotFoundError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import { ReceivingKeys } from '../../keys/application/receiving-keys.service.js';

/** EMV: a data object holds at most 99 characters; the merchant account template (26) holds GUI, key and 26-02. */
const TEMPLATE_MAX = 99;
/** A static code's txid as this service writes it (BR Code manual: up to 25 letters and digits). */
export const STATIC_QR_TXID = /^[A-Za-z0-9]{1,25}$/;
/** Field 54 holds at most 13 characters: 10 integer digits, a point and two decimals. */
const BR_CODE_AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
const PRINTABLE_ASCII = /^[\x20-\x7E]+$/;

export interface CreateStaticQrCommand {
  clientId: string;
  pixKey: string;
  amount?: string;
  txid?: string;
  description?: string;
}

export interface StaticQr {
  qrCodeText: string;
  pixKey: string;
  amount: string | null;
  txid: string | null;
  description: string | null;
}

/** Characters 26-02 can hold next to the GUI and `key` in the 99 of template 26. */
export function descriptionRoom(key: string): number {
  return TEMPLATE_MAX - (4 + PIX_GUI.length) - (4 + key.length) - 4;
}

/**
 * A static BR Code for one of the caller's own active keys (docs/adr/0213-static-codes-for-own-keys.md): the
 * key in 26-01, the optional amount (54), description (26-02) and txid (62-05, `***` when none), the account
 * holder's name and the configured city, written by the strict encoder. Nothing is stored: a payment of the
 * code reaches the key's account as any payment by key does, carrying the txid to the credit.
 */
@Injectable()
export class CreateStaticQrUseCase {
  constructor(
    private readonly keys: ReceivingKeys,
    private readonly accounts: AccountDirectory,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pixMerchantCity'>,
  ) {}

  async execute(cmd: CreateStaticQrCommand): Promise<StaticQr> {
    const problems = inputProblems(cmd);
    if (problems.length > 0) throw new DomainError('VALIDATION_ERROR', `${problems[0]!.field} ${problems[0]!.issue}`, problems);
    // Another client's key is answered as a key never registered (docs/conventions.md §1, tenancy).
    const key = await this.keys.ownActive(cmd.clientId, cmd.pixKey);
    if (!key) throw new NotFoundError('Pix key', 'PIX_KEY_NOT_REGISTERED');
    if (cmd.description !== undefined && cmd.description.length > descriptionRoom(key.keyValue)) {
      const room = Math.max(descriptionRoom(key.keyValue), 0);
      const issue =
        room === 0
          ? 'does not fit in a static QR code with this key (field 26 holds 99 characters); leave it out'
          : `must be at most ${room} characters with this key (field 26 holds 99 characters)`;
      throw new DomainError('VALIDATION_ERROR', `description ${issue}`, [{ field: 'description', issue }]);
    }
    const own = await this.accounts.ownAccount(cmd.clientId, key.accountId);
    const amount = cmd.amount === undefined ? null : Money.of(cmd.amount).toFixed2();
    const qrCodeText = encodeBrCode({
      type: 'static',
      pixKey: key.keyValue,
      merchantName: own.holder.name,
      merchantCity: this.config.pixMerchantCity,
      txid: cmd.txid ?? '***',
      ...(amount !== null ? { amount } : {}),
      ...(cmd.description !== undefined ? { additionalInfo: cmd.description } : {}),
    });
    return { qrCodeText, pixKey: key.keyValue, amount, txid: cmd.txid ?? null, description: cmd.description ?? null };
  }
}

/** What the request validation cannot say alone: the BR Code's own bounds. */
function inputProblems(cmd: CreateStaticQrCommand): { field: string; issue: string }[] {
  const problems: { field: string; issue: string }[] = [];
  if (cmd.amount !== undefined && !BR_CODE_AMOUNT.test(cmd.amount)) {
    problems.push({ field: 'amount', issue: 'must have at most 10 integer digits to fit in a BR Code (field 54)' });
  }
  if (cmd.txid !== undefined && !STATIC_QR_TXID.test(cmd.txid)) {
    problems.push({ field: 'txid', issue: 'must be 1 to 25 letters and digits' });
  }
  if (cmd.description !== undefined && !PRINTABLE_ASCII.test(cmd.description)) {
    problems.push({ field: 'description', issue: 'must be printable ASCII (no accents) to be written in a BR Code' });
  }
  return problems;
}
