import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { AdminEndpoint, ApiErrors } from '../../../../shared/http/api-docs.js';
import { AdminListLimitRequestsUseCase } from '../../application/admin-list-limit-requests.use-case.js';
import { ApproveLimitRequestUseCase } from '../../application/approve-limit-request.use-case.js';
import { RejectLimitRequestUseCase } from '../../application/reject-limit-request.use-case.js';
import { UuidParam } from '../../../../shared/http/uuid-param.js';
import { presentLimitRequestForAdmin } from './limit-request.presenter.js';
import { AdminLimitRequestsQuery, RejectLimitRequestBody } from './limit-request.request.js';
import { AdminLimitRequestListResponse, AdminLimitRequestResponse } from './limit-request.response.js';

@ApiTags('Admin')
@Controller('api/v1/admin/limits/requests')
export class AdminLimitRequestsController {
  constructor(
    private readonly list: AdminListLimitRequestsUseCase,
    private readonly approveRequest: ApproveLimitRequestUseCase,
    private readonly rejectRequest: RejectLimitRequestUseCase,
  ) {}

  @Get()
  @AdminEndpoint('admin:limits:read')
  @ApiOperation({
    operationId: 'adminListLimitRequests',
    summary: "Every client's limit requests in one status (default pending, oldest first)",
    description:
      'Filter by `status` (default `pending`); oldest first, `limit` 1-100 (default 100), `offset`. Needs an admin token with admin:limits:read.',
  })
  @ApiOkResponse({ type: AdminLimitRequestListResponse })
  async index(@Query() q: AdminLimitRequestsQuery): Promise<AdminLimitRequestListResponse> {
    const items = await this.list.execute(q.status ?? 'pending', q.limit ?? 100, q.offset ?? 0);
    return { success: true, data: items.map(presentLimitRequestForAdmin) };
  }

  @Post(':id/approve')
  @HttpCode(200)
  @AdminEndpoint('admin:limits:write')
  @ApiOperation({
    operationId: 'approveLimitRequest',
    summary: "Approve: the account's cap becomes the requested amount at `effective_at`",
    description:
      'Only a pending, unexpired request (else 409 LIMIT_REQUEST_NOT_PENDING). The cap of its type and period becomes the requested amount at `effective_at` = max(created_at + 24 h, now), always before created_at + 48 h (Resolução BCB nº 1/2020 as amended: a raise takes effect 24 to 48 h after the request), and the decision is recorded with your admin id.',
  })
  @ApiOkResponse({ type: AdminLimitRequestResponse })
  @ApiErrors('LIMIT_REQUEST_NOT_FOUND', 'LIMIT_REQUEST_NOT_PENDING')
  async approve(
    @CurrentPrincipal() p: Principal,
    @UuidParam('id', 'Limit request', 'LIMIT_REQUEST_NOT_FOUND') id: string,
  ): Promise<AdminLimitRequestResponse> {
    return { success: true, data: presentLimitRequestForAdmin(await this.approveRequest.execute(p.id, id)) };
  }

  @Post(':id/reject')
  @HttpCode(200)
  @AdminEndpoint('admin:limits:write')
  @ApiOperation({
    operationId: 'rejectLimitRequest',
    summary: 'Reject, with the reason the client will see',
    description:
      'Only a pending, unexpired request (else 409 LIMIT_REQUEST_NOT_PENDING). The cap does not change; the client sees `reason` as `response_reason`.',
  })
  @ApiOkResponse({ type: AdminLimitRequestResponse })
  @ApiErrors('LIMIT_REQUEST_NOT_FOUND', 'LIMIT_REQUEST_NOT_PENDING')
  async reject(
    @CurrentPrincipal() p: Principal,
    @UuidParam('id', 'Limit request', 'LIMIT_REQUEST_NOT_FOUND') id: string,
    @Body() body: RejectLimitRequestBody,
  ): Promise<AdminLimitRequestResponse> {
    return { success: true, data: presentLimitRequestForAdmin(await this.rejectRequest.execute(p.id, id, body.reason)) };
  }
}
