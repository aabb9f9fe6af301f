import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint, ClientOrApiKeyEndpoint } from '../../../../shared/http/api-docs.js';
import { UuidParam } from '../../../../shared/http/uuid-param.js';
import { IdempotencyService } from '../../../../shared/idempotency/idempotency.service.js';
import { Clock } from '../../../../shared/time/clock.js';
import { CancelChargeUseCase } from '../../application/cancel-charge.use-case.js';
import { CreateChargeUseCase } from '../../application/create-charge.use-case.js';
import { GetChargeUseCase } from '../../application/get-charge.use-case.js';
import { QrImageRenderer } from '../../application/qr-image-renderer.js';
import { presentCharge } from './charge.presenter.js';
import { ChargeCancelledResponse, ChargeCreatedResponse, ChargeStatusResponse } from './charge.response.js';
import { CreateChargeRequest } from './create-charge.request.js';

@ApiTags('Cash-in')
@Controller('api/v1/pix/cash-in')
export class CashInController {
  constructor(
    private readonly createCharge: CreateChargeUseCase,
    private readonly getCharge: GetChargeUseCase,
    private readonly cancelCharge: CancelChargeUseCase,
    private readonly qrImages: QrImageRenderer,
    private readonly idempotency: IdempotencyService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('qrcode')
  @HttpCode(200)
  @ClientOrApiKeyEndpoint('pix:cashin:write')
  @ApiOperation({
    summary: 'Create a charge (immediate, or due-date with due_date): a dynamic BR Code and its QR image',
    description:
      'The charge is issued under the oldest Pix key of your default account (NO_RECEIVING_KEY without one). ' +
      'Another client pays it by decoding qr_code_text and sending a Flow 3 cash-out; in the sandbox, ' +
      'POST /api/v1/sandbox/cash-in/{id}/pay simulates an external payer.',
  })
  @ApiHeader({
    name: 'X-Idempotency-Key',
    required: false,
    description: 'UUID; a retry with the same key and body replays the first answer',
  })
  @ApiOkResponse({ type: ChargeCreatedResponse })
  @ApiErrors('INVALID_IDEMPOTENCY_KEY', 'IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED', 'NO_RECEIVING_KEY', 'AMOUNT_TOO_LARGE')
  async create(
    @CurrentPrincipal() p: Principal,
    @Body() body: CreateChargeRequest,
    @Headers('x-idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ChargeCreatedResponse> {
    const result = await this.idempotency.execute(
      { clientId: p.id, key: idempotencyKey, method: 'POST', path: '/api/v1/pix/cash-in/qrcode', body, extra: null },
      async () => {
        const charge = await this.createCharge.execute({ ...body, clientId: p.id });
        const c = charge.snapshot;
        const body_: ChargeCreatedResponse = {
          success: true,
          conciliation_id: c.txid,
          transaction_id: c.id,
          status: c.status,
          qr_code: await this.qrImages.pngDataUri(c.qrCodeText),
          qr_code_text: c.qrCodeText,
          expires_at: c.expiresAt.toISOString(),
          registry_document_id: c.registryDocumentId,
          message: 'Charge created',
          metadata: c.metadata ?? {},
          provider: this.config.pixProvider,
        };
        return { status: 200, body: body_ };
      },
    );
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(result.status);
    return result.body;
  }

  @Get(':id')
  @ClientEndpoint('pix:cashin:read')
  @ApiOperation({ summary: 'Status of one of your charges (a pending charge past expires_at is expired on the spot)' })
  @ApiOkResponse({ type: ChargeStatusResponse })
  @ApiErrors('CASH_IN_NOT_FOUND')
  async show(@CurrentPrincipal() p: Principal, @UuidParam('id', 'Charge', 'CASH_IN_NOT_FOUND') id: string): Promise<ChargeStatusResponse> {
    const charge = await this.getCharge.execute(p.id, id);
    return { success: true, data: presentCharge(charge, this.config.pixProvider, this.clock.now()) };
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ClientOrApiKeyEndpoint('pix:cashin:write')
  @ApiOperation({ summary: 'Cancel one of your pending charges; its QR code can no longer be paid' })
  @ApiOkResponse({ type: ChargeCancelledResponse })
  @ApiErrors('CASH_IN_NOT_FOUND', 'CHARGE_NOT_PENDING')
  async cancel(
    @CurrentPrincipal() p: Principal,
    @UuidParam('id', 'Charge', 'CASH_IN_NOT_FOUND') id: string,
  ): Promise<ChargeCancelledResponse> {
    await this.cancelCharge.execute(p.id, id);
    return { success: true, message: 'Charge cancelled' };
  }
}
