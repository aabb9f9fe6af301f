import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { UuidParam } from '../../../../shared/http/uuid-param.js';
import { ListMedUseCase } from '../../application/list-med.use-case.js';
import { MED_STATUSES, medRecord } from '../../application/med-record.js';
import { RespondMedUseCase } from '../../application/respond-med.use-case.js';
import { isMedStatus } from '../../domain/med-request.aggregate.js';
import { MedListQuery, MedListResponse, MedRespondRequest, MedRespondResponse } from './med.dto.js';

@ApiTags('MED')
@Controller('api/v1/pix/med')
export class MedController {
  constructor(
    private readonly list: ListMedUseCase,
    private readonly respond: RespondMedUseCase,
  ) {}

  @Get('status/:status')
  @ClientEndpoint('pix:med:read')
  @ApiOperation({
    operationId: 'listMedRequests',
    summary: 'List your MED requests in one status, newest first',
    description:
      'Paged: `page` from 1 (default 1), `page_size` 1-100 (default 20), `page * page_size` at most 10,000; `total` counts the requests of yours in the status up to 10,000 (10000 means 10,000 or more).',
  })
  @ApiParam({ name: 'status', enum: MED_STATUSES })
  @ApiOkResponse({ type: MedListResponse })
  async byStatus(@CurrentPrincipal() p: Principal, @Param('status') status: string, @Query() q: MedListQuery): Promise<MedListResponse> {
    if (!isMedStatus(status)) {
      throw new DomainError('VALIDATION_ERROR', `status must be one of ${MED_STATUSES.join(', ')}`, [
        { field: 'status', issue: `must be one of ${MED_STATUSES.join(', ')}` },
      ]);
    }
    const page = await this.list.execute(p.id, status, q.page ?? 1, q.page_size ?? 20);
    return { success: true, data: { items: page.items.map(medRecord), page: page.page, page_size: page.pageSize, total: page.total } };
  }

  @Post(':med_id/respond')
  @HttpCode(200)
  @ClientEndpoint('pix:med:write')
  @ApiOperation({
    operationId: 'respondToMedRequest',
    summary: 'Answer a MED request against a payment you received',
    description:
      '`approve` sends the blocked amount back to the payer (your `med_return` transaction); `reject` releases it to you. ' +
      'Only an OPEN or IN_ANALYSIS request before its `respond_by` can be answered, once. The block is a precautionary hold of ' +
      'at most 72 hours (`MED_BLOCK_HOURS`): unanswered by then the request is IN_ANALYSIS and the hold released, and an approval ' +
      'returns what you have available then, up to `blocked_amount`. The answer is an empty object.',
  })
  @ApiOkResponse({ type: MedRespondResponse })
  @ApiErrors('MED_NOT_FOUND', 'MED_ALREADY_RESPONDED')
  async answer(
    @CurrentPrincipal() p: Principal,
    @UuidParam('med_id', 'MED request', 'MED_NOT_FOUND') medId: string,
    @Body() body: MedRespondRequest,
  ): Promise<MedRespondResponse> {
    await this.respond.execute({ clientId: p.id, medId, action: body.action, reason: body.reason });
    return {};
  }
}
