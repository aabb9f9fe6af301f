import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { UuidParam } from '../../../../shared/http/uuid-param.js';
import { Idempotent } from '../../../../shared/idempotency/idempotent.interceptor.js';
import { CreateReversalUseCase } from '../../application/create-reversal.use-case.js';
import { ReversalQueries } from '../../application/reversal-queries.js';
import type { Reversal } from '../../domain/reversal.aggregate.js';
import { CreateReversalRequest, ListReversalsQuery, ReversalListResponse, ReversalResponse, type ReversalDto } from './reversal.request.js';

function present(reversal: Reversal): ReversalDto {
  const r = reversal.snapshot;
  return {
    id: r.id,
    external_id: r.externalId,
    original_end_to_end_id: r.originalEndToEndId,
    refund_end_to_end_id: r.refundEndToEndId,
    amount: r.amount.toFixed2(),
    currency: 'BRL',
    status: r.status,
    refund_code: r.refundCode,
    reason: r.reason,
    customer_message: r.customerMessage,
    user_metadata: r.userMetadata ?? {},
    tags: r.tags,
    error_code: r.errorCode,
    error_message: r.errorMessage,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
  };
}

@ApiTags('Reversals')
@Controller('api/v1/pix/reversals')
export class ReversalsController {
  constructor(
    private readonly create: CreateReversalUseCase,
    private readonly queries: ReversalQueries,
  ) {}

  @Post()
  @HttpCode(200)
  @ClientEndpoint('pix:reversals:write')
  @ApiOperation({
    operationId: 'createReversal',
    summary: 'Give back part or all of a payment you received (cash_in or p2p_in), within 90 days',
    description:
      'To a client of this service the money moves at once (`completed`); to another institution the amount is held and the ' +
      'return is sent to the SPI (`queued`, then `completed` or `failed`, with the reversal.completed|failed events).',
  })
  @Idempotent()
  @ApiOkResponse({ type: ReversalResponse })
  @ApiErrors(
    'INVALID_IDEMPOTENCY_KEY',
    'IDEMPOTENCY_KEY_IN_USE',
    'IDEMPOTENCY_KEY_REUSED',
    'DUPLICATE_EXTERNAL_ID',
    'ORIGINAL_PAYMENT_NOT_FOUND',
    'REVERSAL_WINDOW_CLOSED',
    'REFUND_EXCEEDS_AVAILABLE',
    'REFUND_CODE_NOT_APPLICABLE',
    'INSUFFICIENT_FUNDS',
    'AMOUNT_TOO_LARGE',
  )
  async reverse(@CurrentPrincipal() p: Principal, @Body() body: CreateReversalRequest): Promise<ReversalResponse> {
    const reversal = await this.create.execute({
      clientId: p.id,
      amount: body.amount,
      externalId: body.external_id,
      endToEndId: body.end_to_end_id,
      reason: body.reason,
      refundCode: body.refund_code,
      customerMessage: body.customer_message,
      userMetadata: body.user_metadata,
      tags: body.tags,
    });
    return { success: true, data: present(reversal) };
  }

  @Get()
  @ClientEndpoint('pix:reversals:read')
  @ApiOperation({
    operationId: 'listReversals',
    summary: 'Your reversals, newest first, with filters',
    description:
      'Filters: `created_after`, `created_before`, `end_to_end_id` (of the original payment), `external_id`; `limit` 1-100 (default 20), newest first.',
  })
  @ApiOkResponse({ type: ReversalListResponse })
  async list(@CurrentPrincipal() p: Principal, @Query() q: ListReversalsQuery): Promise<ReversalListResponse> {
    const found = await this.queries.list({
      clientId: p.id,
      ...(q.created_after ? { createdAfter: new Date(q.created_after) } : {}),
      ...(q.created_before ? { createdBefore: new Date(q.created_before) } : {}),
      ...(q.end_to_end_id ? { endToEndId: q.end_to_end_id } : {}),
      ...(q.external_id ? { externalId: q.external_id } : {}),
      limit: q.limit ?? 20,
    });
    return { success: true, data: found.map(present) };
  }

  @Get(':id')
  @ClientEndpoint('pix:reversals:read')
  @ApiOperation({
    operationId: 'getReversal',
    summary: 'One of your reversals',
    description:
      "Status (`queued`, `processing`, `completed`, `failed`), the `D…` return id, the refund code and, for a failure, its error code and message. Another client's reversal is 404.",
  })
  @ApiOkResponse({ type: ReversalResponse })
  @ApiErrors('REVERSAL_NOT_FOUND')
  async show(@CurrentPrincipal() p: Principal, @UuidParam('id', 'Reversal', 'REVERSAL_NOT_FOUND') id: string): Promise<ReversalResponse> {
    return { success: true, data: present(await this.queries.get(p.id, id)) };
  }
}
