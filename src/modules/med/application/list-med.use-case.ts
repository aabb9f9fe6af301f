import { Injectable } from '@nestjs/common';
import { assertPageWithinWindow } from '../../../shared/persistence/page-window.js';
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
    assertPageWithinWindow(page, pageSize);
    const { items, total } = await this.meds.list(clientId, status, pageSize, (page - 1) * pageSize);
    return { items, page, pageSize, total };
  }
}
