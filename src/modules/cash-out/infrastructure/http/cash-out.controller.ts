import { Body, Controller, Get, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';

import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { UuidParam } from '../../../../shared/http/uuid-param.js';
import { Idempotent } from '../../../../shared/idempotency/idempotent.interceptor.js';
import { CreateCashOutUseCase } from '../../application/create-cash-out.use-case.js';
import { GetCashOutUseCase } from '../../application/get-cash-out.use-case.js';
import { presentCashOut } from './cash-out.presenter.js';
import { CashOutCreatedResponse, CashOutStatusResponse } from './cash-out.response.js';
import { createCashOutCommand, CreateCashOutRequest } from './create-cash-out.request.js';

@ApiTags('Cash-out')
@Controller('api/v1/pix/cash-out')
export class CashOutController {
  constructor(
    private readonly createCashOut: CreateCashOutUseCase,
    private readonly getCashOut: GetCashOutUseCase,
  ) {}

  @Post()
  @HttpCode(200)
  @ClientEndpoint('pix:cashout:write')
  @ApiOperation({
    operationId: 'createCashOut',
    summary: 'Send a Pix by key (Flow 1), bank details (Flow 2) or a decoded QR code (Flow 3: amount + X-Pix-Lookup-E2E)',
    description:
      'The fields present choose the flow: `pix_key` + `pix_key_type` (Flow 1), the `receiver_*` bank details (Flow 2), or only `amount` with the `X-Pix-Lookup-E2E` header naming a QR decode of yours (Flow 3); mixing two flows is 400. Recipient, funds (held at once) and limits are checked in one database transaction and the answer is 200 `queued`; settlement then moves it to `completed` or `failed` (poll GET /api/v1/pix/cash-out/{id} or subscribe to webhooks). Send `X-Idempotency-Key` (a UUID) to retry safely.',
  })
  @Idempotent({ extraHeader: 'x-pix-lookup-e2e', groupCommit: true })
  @ApiHeader({ name: 'X-Pix-Lookup-E2E', required: false, description: 'Flow 3: end_to_end_id of a QR decode' })
  @ApiBody({
    type: CreateCashOutRequest,
    examples: {
      flow1_pix_key: {
        summary: 'Flow 1: by Pix key',
        value: {
          amount: '150.00',
          pix_key: 'maria@example.com',
          pix_key_type: 'EMAIL',
          external_id: 'order 2026/0042',
          description: 'Order 42',
        },
      },
      flow2_bank_details: {
        summary: 'Flow 2: by bank details',
        value: {
          amount: '150.00',
          receiver_name: 'Maria Silva',
          receiver_document: '12345678909',
          receiver_ispb: '00000000',
          receiver_branch: '0001',
          receiver_account: '123456789',
          receiver_account_type: 'checking',
        },
      },
      flow3_qr_code: {
        summary: 'Flow 3: a decoded QR code (send its end_to_end_id as X-Pix-Lookup-E2E)',
        value: { amount: '150.00' },
      },
    },
  })
  @ApiOkResponse({ type: CashOutCreatedResponse })
  @ApiErrors(
    'INVALID_IDEMPOTENCY_KEY',
    'IDEMPOTENCY_KEY_IN_USE',
    'IDEMPOTENCY_KEY_REUSED',
    'DUPLICATE_EXTERNAL_ID',
    'INSUFFICIENT_FUNDS',
    'LIMIT_EXCEEDED',
    'PIX_KEY_NOT_FOUND',
    'UNKNOWN_PARTICIPANT',
    'RECEIVER_ACCOUNT_NOT_FOUND',
    'RECEIVER_DOCUMENT_MISMATCH',
    'SAME_ACCOUNT',
    'LOOKUP_NOT_FOUND',
    'LOOKUP_ALREADY_USED',
    'LOOKUP_EXPIRED',
    'AMOUNT_MISMATCH',
    'AMOUNT_TOO_LARGE',
    'ACCOUNT_NOT_FOUND',
  )
  async create(
    @CurrentPrincipal() p: Principal,
    @Body() body: CreateCashOutRequest,
    @Headers('x-pix-lookup-e2e') lookup: string | undefined,
  ): Promise<CashOutCreatedResponse> {
    const cashOut = await this.createCashOut.execute(createCashOutCommand(body, p.id, lookup));
    return {
      success: true,
      transaction_id: cashOut.snapshot.id,
      status: 'queued',
      amount: cashOut.snapshot.amount.toFixed2(),
      message: 'Cash-out queued for processing',
    };
  }

  @Get(':id')
  @ClientEndpoint('pix:cashout:read')
  @ApiOperation({
    operationId: 'getCashOut',
    summary: 'Status of one of your cash-outs',
    description:
      "Status (`queued`, `processing`, `completed`, `failed`, `returned`), payer and recipient with their banks, end-to-end id, and for a failure its ISO 20022 style `error_code` (AC03, AM04, AB03) and message. Another client's cash-out is 404.",
  })
  @ApiOkResponse({ type: CashOutStatusResponse })
  @ApiErrors('CASH_OUT_NOT_FOUND')
  async show(
    @CurrentPrincipal() p: Principal,
    @UuidParam('id', 'Cash-out', 'CASH_OUT_NOT_FOUND') id: string,
  ): Promise<CashOutStatusResponse> {
    return { success: true, data: presentCashOut(await this.getCashOut.execute(p.id, id)) };
  }
}
