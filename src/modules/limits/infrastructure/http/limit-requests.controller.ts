import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { UuidParam } from '../../../../shared/http/uuid-param.js';
import { CreateLimitRequestUseCase } from '../../application/create-limit-request.use-case.js';
import { GetLimitRequestUseCase } from '../../application/get-limit-request.use-case.js';
import { ListPendingLimitRequestsUseCase } from '../../application/list-pending-limit-requests.use-case.js';

import { presentLimitRequest } from './limit-request.presenter.js';
import { CreateLimitRequestBody, LimitsQuery } from './limit-request.request.js';
import { LimitRequestListResponse, LimitRequestResponse } from './limit-request.response.js';

/** A malformed id cannot name a request: answered like an unknown one. */

@ApiTags('Limits')
@Controller('api/v1/pix/limits/requests')
export class LimitRequestsController {
  constructor(
    private readonly create: CreateLimitRequestUseCase,
    private readonly listPending: ListPendingLimitRequestsUseCase,
    private readonly getOne: GetLimitRequestUseCase,
  ) {}

  @Post()
  @HttpCode(200)
  @ClientEndpoint('pix:limits:write')
  @ApiOperation({
    operationId: 'createLimitRequest',
    summary: 'Ask for another cap; an administrator approves or rejects a raise within 48 h',
    description:
      'Names one type and one period and the cap wanted. A raise is `pending`: one pending request per account, type and period (409 PENDING_REQUEST_EXISTS); it expires unanswered after 48 h, and an approval applies the cap from `effective_at` = max(created_at + 24 h, approval). A reduction (or the same cap) needs no approval (Resolução BCB nº 1/2020 as amended): it is answered `approved`, with `decided_at` = `effective_at` = now, and applies at once.',
  })
  @ApiOkResponse({ type: LimitRequestResponse })
  @ApiErrors('ACCOUNT_NOT_FOUND', 'PENDING_REQUEST_EXISTS')
  async open(@CurrentPrincipal() p: Principal, @Body() body: CreateLimitRequestBody): Promise<LimitRequestResponse> {
    const r = await this.create.execute({
      clientId: p.id,
      accountId: body.account_id,
      type: body.type,
      period: body.period,
      requestedAmount: body.requested_amount,
      reason: body.reason,
    });
    return { success: true, data: presentLimitRequest(r) };
  }

  @Get()
  @ClientEndpoint('pix:limits:read')
  @ApiOperation({
    operationId: 'listLimitRequests',
    summary: 'Your pending (unexpired) limit requests',
    description:
      'Only pending requests that have not expired, of your default account or of `account_id`. Decided or expired ones stay readable by id.',
  })
  @ApiOkResponse({ type: LimitRequestListResponse })
  @ApiErrors('ACCOUNT_NOT_FOUND')
  async index(@CurrentPrincipal() p: Principal, @Query() q: LimitsQuery): Promise<LimitRequestListResponse> {
    const items = await this.listPending.execute(p.id, q.account_id);
    return { success: true, data: items.map(presentLimitRequest) };
  }

  @Get(':id')
  @ClientEndpoint('pix:limits:read')
  @ApiOperation({
    operationId: 'getLimitRequest',
    summary: 'One of your limit requests, in any status',
    description: "Pending, approved, rejected (with the administrator's reason) or expired. Another client's request is 404.",
  })
  @ApiOkResponse({ type: LimitRequestResponse })
  @ApiErrors('LIMIT_REQUEST_NOT_FOUND')
  async show(
    @CurrentPrincipal() p: Principal,
    @UuidParam('id', 'Limit request', 'LIMIT_REQUEST_NOT_FOUND') id: string,
  ): Promise<LimitRequestResponse> {
    return { success: true, data: presentLimitRequest(await this.getOne.execute(p.id, id)) };
  }
}
