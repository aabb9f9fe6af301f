import { Injectable } from '@nestjs/common';
import type { MedRequest, MedStatus } from '../domain/med-request.aggregate.js';
import { MedRequestRepository } from './med-request.repository.js';

export interface MedPage {
  items: MedRequest[];
  page: number;
  pageSize: number;
  total: number;
}

/** One page of the caller's MED requests in one status, newest first. */
@Injectable()
export class ListMedUseCase {
  constructor(private readonly meds: MedRequestRepository) {}

  async execute(clientId: string, status: MedStatus, page: number, pageSize: number): Promise<MedPage> {
    const { items, total } = await this.meds.list(clientId, status, pageSize, (page - 1) * pageSize);
    return { items, page, pageSize, total };
  }
}
