import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import type { BankAccountType } from '../../../shared/domain/bank-account-type.js';
import type { Counterparty } from '../../../shared/domain/counterparty.js';
import { isValidCnpj, isValidCpf } from '../../../shared/domain/tax-id.js';
import { isValidPixKey, type PixKeyType } from '../../../shared/domain/pix-key.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { AccountDirectory, type AccountWithHolder } from '../../identity/application/account-directory.js';
import { counterpartyOf, KeyDirectory } from '../../keys/application/key-directory.js';
import { LookupThrottle } from '../../keys/application/lookup-throttle.service.js';
import { ownAccountParty } from '../../participants/application/own-account-party.js';
import { ParticipantDirectory } from '../../participants/application/participant-directory.js';

/** Flow 2: the recipient's bank details as the payer typed them. */
export interface BankDetails {
  receiverName: string;
  receiverDocument: string;
  receiverIspb: string;
  receiverBranch: string;
  receiverAccount: string;
  receiverAccountType: BankAccountType;
}

/** Turns what the client supplied (a key, or bank details) into the recipient of the payment. */
@Injectable()
export class ReceiverResolver {
  constructor(
    private readonly keys: KeyDirectory,
    private readonly participants: ParticipantDirectory,
    private readonly accounts: AccountDirectory,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pspIspb' | 'pspName'>,
    private readonly throttle: LookupThrottle,
  ) {}

  /** Flow 1: the directory resolves the key (docs/conventions.md §7: unknown key -> 400 PIX_KEY_NOT_FOUND). */
  async byKey(clientId: string, key: string, type: PixKeyType): Promise<Counterparty> {
    // A value that cannot be a key of its type is an input error, not a miss (and costs no look-up).
    if (!isValidPixKey(type, key)) {
      throw new DomainError('VALIDATION_ERROR', `pix_key is not a valid ${type} key`, [
        { field: 'pix_key', issue: `not a valid ${type} key` },
      ]);
    }
    // On the anti-scan budget: otherwise paying is a free oracle of which keys exist.
    const entry = await this.throttle.metered(clientId, () => this.keys.resolve(key, type));
    if (!entry) {
      throw new DomainError('PIX_KEY_NOT_FOUND', 'No account is registered for this Pix key', [
        { field: 'pix_key', issue: 'not found in the key directory' },
      ]);
    }
    return counterpartyOf(entry);
  }

  /**
   * Flow 2: bank details, checked against the participant list; our own ISPB settles on-us. For an
   * account of this service the holder check is not decided here: `holderConfirmed` says whether the
   * typed document is the holder's, and the caller refuses a mismatch only after the funds and limits
   * checks (`refuseHolderMismatch`), so that no answer tells a guessed document right or wrong without
   * money moving (docs/adr/0075-holder-check-no-document-oracle.md).
   */
  async byBankDetails(clientId: string, b: BankDetails): Promise<{ receiver: Counterparty; holderConfirmed: boolean }> {
    if (!isValidCpf(b.receiverDocument) && !isValidCnpj(b.receiverDocument)) {
      throw new DomainError('VALIDATION_ERROR', 'receiver_document must be a valid CPF or CNPJ', [
        { field: 'receiver_document', issue: 'invalid check digits' },
      ]);
    }
    const participant = this.participants.find(b.receiverIspb);
    if (!participant) {
      throw new DomainError('UNKNOWN_PARTICIPANT', 'receiver_ispb is not a Pix participant', [
        { field: 'receiver_ispb', issue: 'not in the participant list' },
      ]);
    }
    let internal: AccountWithHolder | null = null;
    if (b.receiverIspb === this.config.pspIspb) {
      // On the anti-scan budget, like a key look-up: account numbers must not be a free oracle either.
      internal = await this.throttle.metered(clientId, async () => {
        const found = await this.accounts.byNumber(b.receiverAccount);
        return found && found.account.branch === b.receiverBranch ? found : null;
      });
      if (!internal) {
        throw new DomainError('RECEIVER_ACCOUNT_NOT_FOUND', 'No such account at this institution', [
          { field: 'receiver_account', issue: 'unknown account' },
        ]);
      }
    }
    const receiver: Counterparty = {
      // On-us, the records show the real holder, not what the payer typed.
      name: internal ? internal.holder.name : b.receiverName,
      document: b.receiverDocument,
      ispb: b.receiverIspb,
      participantName: participant.name,
      branch: b.receiverBranch,
      account: b.receiverAccount,
      // An account of this service is a payment account, whatever the payer called it.
      accountType: internal ? internal.account.type : b.receiverAccountType,
      internal: internal ? { clientId: internal.account.clientId, accountId: internal.account.id } : null,
    };
    // As the receiving institution would: the account must be the named holder's.
    return { receiver, holderConfirmed: internal === null || internal.holder.document === b.receiverDocument };
  }

  /**
   * The holder check's refusal, for a payment that already passed the funds and limits checks: a wrong
   * document is a miss on the anti-scan budget (guessing documents runs it dry like guessing keys), then
   * 400 RECEIVER_DOCUMENT_MISMATCH, which rolls the payment back.
   */
  async refuseHolderMismatch(clientId: string): Promise<never> {
    await this.throttle.afterLookup(clientId, false);
    throw new DomainError('RECEIVER_DOCUMENT_MISMATCH', 'receiver_document is not the document of the holder of this account', [
      { field: 'receiver_document', issue: 'does not match the account holder' },
    ]);
  }

  /** The paying client's own account as a counterparty. */
  payer(own: AccountWithHolder): Counterparty {
    return ownAccountParty(own, this.participants, this.config);
  }
}
