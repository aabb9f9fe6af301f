import { Injectable } from '@nestjs/common';
import { allInOrder } from '../../../shared/async/all-in-order.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import type { MedRequest } from '../domain/med-request.aggregate.js';
import { MedRequestRepository } from './med-request.repository.js';

/**
 * The one save of a MED request that moved: its `med_requests` row and its statement line, which follows it
 * (`MedRequest.statementEntry()`, docs/adr/0199-statement-follows-the-payment.md), in the caller's unit of work.
 * Both statements start together, so they share a round trip. Use cases save a moved MED request only here,
 * never through `MedRequestRepository.update`, so none can move it without its statement following.
 */
@Injectable()
export class MedRequestStore {
  constructor(
    private readonly meds: MedRequestRepository,
    private readonly transactions: TransactionsService,
  ) {}

  async save(med: MedRequest): Promise<void> {
    await allInOrder([this.meds.update(med), this.transactions.follow(med)]);
  }
}
