import { Injectable } from '@nestjs/common';
import { DepositUseCase } from '../../sandbox/application/deposit.use-case.js';
import { OpeningBalance } from '../application/opening-balance.js';

/** Sandbox: the opening balance arrives as a simulated inbound Pix (a completed `cash_in`). */
@Injectable()
export class SandboxOpeningBalance extends OpeningBalance {
  constructor(private readonly deposit: DepositUseCase) {
    super();
  }

  async credit(clientId: string, amount: string): Promise<void> {
    await this.deposit.execute({ clientId, amount });
  }
}
