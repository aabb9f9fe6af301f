import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import type { CashOut } from '../domain/cash-out.aggregate.js';
import { CashOutRepository } from './cash-out.repository.js';

/** One of the caller's cash-outs; another client's is answered as missing. */
@Injectable()
export class GetCashOutUseCase {
  constructor(private readonly cashOuts: CashOutRepository) {}

  async execute(clientId: string, id: string): Promise<CashOut> {
    const cashOut = await this.cashOuts.findById(id);
    if (!cashOut || cashOut.snapshot.clientId !== clientId) throw new NotFoundError('Cash-out', 'CASH_OUT_NOT_FOUND');
    return cashOut;
  }
}
