import { Injectable } from '@nestjs/common';
import type { Money } from '../../../shared/money/money.js';
import type { Charge, ChargeStatus } from '../domain/charge.aggregate.js';
import { CancelChargeUseCase } from './cancel-charge.use-case.js';
import { CreateChargeUseCase, type CreateChargeCommand } from './create-charge.use-case.js';
import { GetChargeUseCase } from './get-charge.use-case.js';
import { ReviseChargeUseCase, type ChargeRevision } from './revise-charge.use-case.js';

export type { ChargeRevision, ChargeStatus, CreateChargeCommand };

/** A charge as its owner reads it, for another surface over the same charges (API Pix, docs/api-pix.md). */
export interface MerchantCharge {
  id: string;
  txid: string;
  status: ChargeStatus;
  /** True for a due-date charge (API Pix `cobv`), false for an immediate one (`cob`). */
  dueDate: boolean;
  amount: Money;
  pixKey: string;
  expectedPayer: { name: string | null; document: string | null } | null;
  description: string | null;
  additionalInfo: { name: string; value: string }[];
  qrCodeText: string;
  revision: number;
  createdAt: Date;
  expiresAt: Date;
  paidAmount: Money | null;
  endToEndId: string | null;
  paidAt: Date | null;
}

function merchantView(charge: Charge): MerchantCharge {
  const c = charge.snapshot;
  return {
    id: c.id,
    txid: c.txid,
    status: c.status,
    dueDate: c.terms !== null,
    amount: c.amount,
    pixKey: c.pixKey,
    expectedPayer: c.expectedPayer,
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
 * the same charges needs (API Pix's `cob`), without reaching into this module's domain.
 */
@Injectable()
export class MerchantCharges {
  constructor(
    private readonly creating: CreateChargeUseCase,
    private readonly reading: GetChargeUseCase,
    private readonly cancelling: CancelChargeUseCase,
    private readonly revising: ReviseChargeUseCase,
  ) {}

  async create(cmd: CreateChargeCommand): Promise<MerchantCharge> {
    const { charge } = await this.creating.issue(await this.creating.prepare(cmd));
    return merchantView(charge);
  }

  /** One of the client's charges by txid (CASH_IN_NOT_FOUND otherwise, also for another client's). */
  async byTxid(clientId: string, txid: string): Promise<MerchantCharge> {
    return merchantView(await this.reading.byTxid(clientId, txid));
  }

  async cancel(clientId: string, txid: string): Promise<MerchantCharge> {
    const { id } = await this.reading.byTxid(clientId, txid).then((c) => c.snapshot);
    await this.cancelling.execute(clientId, id);
    return this.byTxid(clientId, txid);
  }

  async revise(clientId: string, txid: string, changes: ChargeRevision): Promise<MerchantCharge> {
    return merchantView(await this.revising.execute(clientId, txid, changes));
  }
}
