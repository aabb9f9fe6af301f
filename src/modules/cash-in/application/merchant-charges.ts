import { Injectable } from '@nestjs/common';
import type { Money } from '../../../shared/money/money.js';
import { AccountDirectory } from '../../identity/application/account-directory.js';
import type { Charge, ChargeStatus, PayerAddress } from '../domain/charge.aggregate.js';
import type { DueDateTerms } from '../domain/due-date-terms.value-object.js';
import { CancelChargeUseCase } from './cancel-charge.use-case.js';
import { CreateChargeUseCase, type CreateChargeCommand } from './create-charge.use-case.js';
import { GetChargeUseCase } from './get-charge.use-case.js';
import { ListChargesUseCase, type ListChargesQuery } from './list-charges.use-case.js';
import { PayloadLocationRepository, type PayloadLocation } from './payload-location.repository.js';
import { ReviseChargeUseCase, type ChargeRevision } from './revise-charge.use-case.js';

export type { ChargeRevision, ChargeStatus, CreateChargeCommand, DueDateTerms, PayerAddress, PayloadLocation };

/**
 * Where a charge is served (docs/adr/0238-api-pix-locations-are-the-clients-own.md): `own`, its own location
 * (`/qr/v2/<id>`); `linked`, the API Pix location it was issued at and still serves it; `unlinked`, that
 * location no longer serves it (`DELETE /loc/{id}/txid`), so it is served nowhere.
 */
export type MerchantChargeLocation =
  { kind: 'own' } | { kind: 'linked'; location: PayloadLocation } | { kind: 'unlinked'; location: PayloadLocation };

/** The charge list's query as another surface asks it (API Pix `GET /cob`, `GET /cobv`). */
export type MerchantChargeQuery = ListChargesQuery;

/** The receiver of a charge: its account's holder, and the address the charge was given (client API). */
export interface MerchantChargeReceiver {
  name: string;
  document: string;
  street?: string;
  state?: string;
  postalCode?: string;
}

/** A charge as its owner reads it, for another surface over the same charges (API Pix, docs/api-pix.md). */
export interface MerchantCharge {
  id: string;
  txid: string;
  status: ChargeStatus;
  /** True for a due-date charge (API Pix `cobv`), false for an immediate one (`cob`). */
  dueDate: boolean;
  /** A due-date charge's terms; null for an immediate charge. */
  terms: DueDateTerms | null;
  amount: Money;
  pixKey: string;
  expectedPayer: { name: string | null; document: string | null } | null;
  payerAddress: PayerAddress | null;
  receiver: MerchantChargeReceiver;
  description: string | null;
  additionalInfo: { name: string; value: string }[];
  qrCodeText: string;
  revision: number;
  createdAt: Date;
  expiresAt: Date;
  paidAmount: Money | null;
  endToEndId: string | null;
  paidAt: Date | null;
  location: MerchantChargeLocation;
}

function merchantView(charge: Charge, holder: { name: string; document: string }, at: PayloadLocation | null): MerchantCharge {
  const c = charge.snapshot;
  const location: MerchantChargeLocation =
    c.locationId === null || !at ? { kind: 'own' } : { kind: at.chargeId === c.id ? 'linked' : 'unlinked', location: at };
  return {
    location,
    id: c.id,
    txid: c.txid,
    status: c.status,
    dueDate: c.terms !== null,
    terms: c.terms,
    amount: c.amount,
    pixKey: c.pixKey,
    expectedPayer: c.expectedPayer,
    payerAddress: c.details.payerAddress ?? null,
    receiver: {
      name: holder.name,
      document: holder.document,
      ...(c.details.receiverAddress !== undefined ? { street: c.details.receiverAddress } : {}),
      ...(c.details.receiverState !== undefined ? { state: c.details.receiverState } : {}),
      ...(c.details.receiverPostalCode !== undefined ? { postalCode: c.details.receiverPostalCode } : {}),
    },
    description: c.description,
    additionalInfo: c.details.additionalInfo ?? [],
    qrCodeText: c.qrCodeText,
    revision: c.revision,
    createdAt: c.createdAt,
    expiresAt: c.expiresAt,
    paidAmount: c.paidAmount,
    endToEndId: c.endToEndId,
    paidAt: c.paidAt,
  };
}

/**
 * The charge use cases by txid, each answering the charge as its owner reads it: what another surface over
 * the same charges needs (API Pix's `cob` and `cobv`), without reaching into this module's domain.
 */
@Injectable()
export class MerchantCharges {
  constructor(
    private readonly creating: CreateChargeUseCase,
    private readonly reading: GetChargeUseCase,
    private readonly listing: ListChargesUseCase,
    private readonly cancelling: CancelChargeUseCase,
    private readonly revising: ReviseChargeUseCase,
    private readonly accounts: AccountDirectory,
    private readonly locations: PayloadLocationRepository,
  ) {}

  async create(cmd: CreateChargeCommand): Promise<MerchantCharge> {
    const { charge } = await this.creating.issue(await this.creating.prepare(cmd));
    return this.view(charge);
  }

  /** One of the client's charges by txid (CASH_IN_NOT_FOUND otherwise, also for another client's). */
  async byTxid(clientId: string, txid: string): Promise<MerchantCharge> {
    return this.view(await this.reading.byTxid(clientId, txid));
  }

  /** A page of the client's charges, newest first, as the client API's charge list filters and counts them. */
  async list(query: MerchantChargeQuery): Promise<{ items: MerchantCharge[]; total: number }> {
    const { items, total } = await this.listing.execute(query);
    const holders = new Map<string, Promise<{ name: string; document: string }>>();
    const holderOf = (accountId: string) => {
      if (!holders.has(accountId)) holders.set(accountId, this.holder(accountId));
      return holders.get(accountId)!;
    };
    // The page's API Pix locations in one read, not one per charge.
    const ids = [...new Set(items.flatMap((c) => (c.snapshot.locationId === null ? [] : [c.snapshot.locationId])))];
    const clientId = items[0]?.snapshot.clientId;
    const locations = new Map(
      (clientId === undefined || ids.length === 0 ? [] : await this.locations.findMany(clientId, ids)).map((l) => [l.id, l]),
    );
    return {
      items: await Promise.all(
        items.map(async (c) =>
          merchantView(
            c,
            await holderOf(c.snapshot.accountId),
            c.snapshot.locationId === null ? null : (locations.get(c.snapshot.locationId) ?? null),
          ),
        ),
      ),
      total,
    };
  }

  async cancel(clientId: string, txid: string): Promise<MerchantCharge> {
    const { id } = await this.reading.byTxid(clientId, txid).then((c) => c.snapshot);
    await this.cancelling.execute(clientId, id);
    return this.byTxid(clientId, txid);
  }

  async revise(clientId: string, txid: string, changes: ChargeRevision): Promise<MerchantCharge> {
    return this.view(await this.revising.execute(clientId, txid, changes));
  }

  private async view(charge: Charge): Promise<MerchantCharge> {
    return merchantView(charge, await this.holder(charge.snapshot.accountId), await this.locationOf(charge));
  }

  /** The API Pix location the charge was issued at (read only for such a charge: none on the others' path). */
  private async locationOf(charge: Charge): Promise<PayloadLocation | null> {
    const { clientId, locationId } = charge.snapshot;
    return locationId === null ? null : this.locations.find(clientId, locationId);
  }

  private async holder(accountId: string): Promise<{ name: string; document: string }> {
    const own = await this.accounts.byId(accountId);
    // A charge's account is never deleted; the holder is the receiver of every charge of its accounts.
    return { name: own!.holder.name, document: own!.holder.document };
  }
}
