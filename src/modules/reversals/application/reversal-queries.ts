import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../shared/errors/domain-error.js';
import type { Reversal } from '../domain/reversal.aggregate.js';
import { ReversalRepository, type ReversalFilter } from './reversal.repository.js';

/** Reads of the caller's own reversals; another client's is answered as missing. */
@Injectable()
export class ReversalQueries {
  constructor(private readonly reversals: ReversalRepository) {}

  async get(clientId: string, id: string): Promise<Reversal> {
    const found = await this.reversals.findById(id);
    if (!found || found.snapshot.clientId !== clientId) throw new NotFoundError('Reversal', 'REVERSAL_NOT_FOUND');
    return found;
  }

  list(filter: ReversalFilter): Promise<Reversal[]> {
    return this.reversals.list(filter);
  }
}
