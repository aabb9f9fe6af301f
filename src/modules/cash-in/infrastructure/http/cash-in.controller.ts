import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint, ClientOrApiKeyEndpoint } from '../../../../shared/http/api-docs.js';
import { UuidParam } from '../../../../shared/http/uuid-param.js';
import { Idempotent } from '../../../../shared/idempotency/idempotent.interceptor.js';
import { Clock } from '../../../../shared/time/clock.js';
import { CancelChargeUseCase } from '../../application/cancel-charge.use-case.js';
import { CreateChargeUseCase } from '../../application/create-charge.use-case.js';
import { GetChargeUseCase } from '../../application/get-charge.use-case.js';
import { ListChargesUseCase } from '../../application/list-charges.use-case.js';
import { ChargeQrImageInterceptor, type ChargeAnswerWithoutImage } from './charge-qr-image.interceptor.js';
import { presentCharge } from './charge.presenter.js';
import {
  ChargeCancelledResponse,
  ChargeCreatedResponse,
  ChargeListResponse,
  ChargeStatusResponse,
  StaticQrCodeResponse,
} from './charge.response.js';
import { listChargesQuery, ListChargesRequest } from './list-charges.request.js';
import { createStaticQrCommand, CreateStaticQrRequest } from './static-qr.request.js';
import { CreateStaticQrUseCase } from '../../application/create-static-qr.use-case.js';
import { QrImageRenderer } from '../../application/qr-image-renderer.js';
import { createChargeCommand, CreateChargeRequest } from './create-charge.request.js';

@ApiTags('Cash-in')
@Controller('api/v1/pix/cash-in')
export class CashInController {
  constructor(
    private readonly createCharge: CreateChargeUseCase,
    private readonly getCharge: GetChargeUseCase,
    private readonly listCharges: ListChargesUseCase,
    private readonly cancelCharge: CancelChargeUseCase,
    private readonly staticQr: CreateStaticQrUseCase,
    private readonly images: QrImageRenderer,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('qrcode')
  @HttpCode(200)
  @ClientOrApiKeyEndpoint('pix:cashin:write')
  @ApiOperation({
    operationId: 'createCharge',
    summary: 'Create a charge (immediate, or due-date with due_date): a dynamic BR Code and its QR image',
    description:
      'The charge is issued under the oldest Pix key of your default account; an account with none gets an EVP key, registered at its first charge (listed, counted in your key limit, announced with key.registered). ' +
      'Another client pays it by decoding qr_code_text and sending a Flow 3 cash-out; in the sandbox, ' +
      'POST /api/v1/sandbox/cash-in/{id}/pay simulates an external payer.',
  })
  // The QR image is added outside the idempotent part, once the transaction is over (ChargeQrImageInterceptor).
  @Idempotent({ outside: [ChargeQrImageInterceptor] })
  @ApiBody({
    type: CreateChargeRequest,
    examples: {
      immediate: {
        summary: 'Immediate charge, expiring in one hour',
        value: {
          amount: '150.00',
          reference: 'order-2026-0042',
          description: 'Order 42',
          expiration_time: 3600,
          metadata: { order_id: '42' },
        },
      },
      due_date: {
        summary: 'Due-date charge with penalty, interest and an early-payment discount',
        value: {
          amount: '150.00',
          reference: 'invoice-2026-0042',
          due_date: '2026-12-10',
          payer_name: 'Maria Souza',
          payer_document: '12345678909',
          penalty: { mode: 2, value: '2.00' },
          interest: { mode: 3, value: '1.00' },
          discount: { mode: 1, fixed_dates: [{ date: '2026-12-05', value: '5.00' }] },
        },
      },
    },
  })
  @ApiOkResponse({ type: ChargeCreatedResponse })
  @ApiErrors('INVALID_IDEMPOTENCY_KEY', 'IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED', 'AMOUNT_TOO_LARGE')
  async create(@CurrentPrincipal() p: Principal, @Body() body: CreateChargeRequest): Promise<ChargeAnswerWithoutImage> {
    const { charge } = await this.createCharge.issue(await this.createCharge.prepare(createChargeCommand(body, p.id)));
    const c = charge.snapshot;
    return {
      success: true,
      conciliation_id: c.txid,
      transaction_id: c.id,
      status: c.status,
      qr_code_text: c.qrCodeText,
      expires_at: c.expiresAt.toISOString(),
      registry_document_id: c.registryDocumentId,
      message: 'Charge created',
      metadata: c.metadata ?? {},
      provider: this.config.pixProvider,
    };
  }

  @Post('static-qrcode')
  @HttpCode(200)
  @ClientEndpoint('pix:cashin:write')
  @ApiOperation({
    operationId: 'createStaticQrCode',
    summary: 'A static BR Code for one of your Pix keys, with an optional amount, txid and description, and its QR image',
    description:
      'Nothing is stored: the code names your key, and whoever pays it pays that key. Its txid (1 to 25 letters and digits, field 62-05) ' +
      'reaches your `cash_in` statement line (`txid`) and `cash_in.completed` (`txid`) when a client of this service pays it on-us; ' +
      "without one the code carries `***`. Another client's key, or a deleted one, is 404 PIX_KEY_NOT_REGISTERED.",
  })
  @ApiBody({
    type: CreateStaticQrRequest,
    examples: {
      fixed: {
        summary: 'Amount, txid and description',
        value: { pix_key: 'loja@example.com', amount: '25.00', txid: 'INV2026000042', description: 'Pedido 42' },
      },
      open: { summary: 'The payer chooses the amount', value: { pix_key: 'loja@example.com' } },
    },
  })
  @ApiOkResponse({ type: StaticQrCodeResponse })
  @ApiErrors('PIX_KEY_NOT_REGISTERED')
  async createStatic(@CurrentPrincipal() p: Principal, @Body() body: CreateStaticQrRequest): Promise<StaticQrCodeResponse> {
    const code = await this.staticQr.execute(createStaticQrCommand(body, p.id));
    return {
      success: true,
      qr_code_text: code.qrCodeText,
      // Drawn in the render workers, as a charge's image is (QrRenderQueueFullError: 503 with Retry-After).
      qr_code: await this.images.pngDataUri(code.qrCodeText),
      pix_key: code.pixKey,
      amount: code.amount,
      txid: code.txid,
      description: code.description,
    };
  }

  // `GET /cash-in` and `GET /cash-in/{id}` do not meet: `:id` needs a path segment, and a segment that is not a UUID is 404.
  @Get()
  @ClientEndpoint('pix:cashin:read')
  @ApiOperation({
    operationId: 'listCharges',
    summary: 'List your charges, newest first, filtered by status, creation time, txid, reference and due date',
    description:
      'Your charges only, each as GET /api/v1/pix/cash-in/{id} shows it (without a QR image; `qr_code_text` is there to draw one), newest first ' +
      '(`created_at`, then `transaction_id`, descending, so pages neither skip nor repeat). Filters, each optional and inclusive: `status` ' +
      '(a pending charge past `expires_at` counts as, and is shown, expired), `date_from`/`date_to` (creation instant, RFC 3339), `txid` ' +
      '(the `conciliation_id`), `reference`, `due_date_from`/`due_date_to` (YYYY-MM-DD; due-date charges only). A `from` after its `to` is 400 ' +
      'INVALID_DATE_RANGE. `limit` 1-100 (default 20), `offset` up to 10,000; `total` counts up to 10,000.',
  })
  @ApiOkResponse({ type: ChargeListResponse })
  @ApiErrors('INVALID_DATE_RANGE')
  async index(@CurrentPrincipal() p: Principal, @Query() q: ListChargesRequest): Promise<ChargeListResponse> {
    const query = listChargesQuery(q, p.id);
    const { items, total } = await this.listCharges.execute(query);
    const now = this.clock.now();
    const charges = items.map((charge) => presentCharge(charge, this.config.pixProvider, now));
    return { success: true, data: { charges, total, limit: query.limit, offset: query.offset } };
  }

  @Get(':id')
  @ClientEndpoint('pix:cashin:read')
  @ApiOperation({
    operationId: 'getCharge',
    summary: 'Status of one of your charges (a pending charge past expires_at is expired on the spot)',
    description:
      'Status (`pending`, `completed`, `cancelled`, `expired`), the BR Code, the payer once paid, and for a due-date charge its terms and the amount due today. A pending charge read after `expires_at` is expired on the spot.',
  })
  @ApiOkResponse({ type: ChargeStatusResponse })
  @ApiErrors('CASH_IN_NOT_FOUND')
  async show(@CurrentPrincipal() p: Principal, @UuidParam('id', 'Charge', 'CASH_IN_NOT_FOUND') id: string): Promise<ChargeStatusResponse> {
    const charge = await this.getCharge.execute(p.id, id);
    return { success: true, data: presentCharge(charge, this.config.pixProvider, this.clock.now()) };
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ClientOrApiKeyEndpoint('pix:cashin:write')
  @ApiOperation({
    operationId: 'cancelCharge',
    summary: 'Cancel one of your pending charges; its QR code can no longer be paid',
    description:
      'Only a `pending` charge can be cancelled (else 400 CHARGE_NOT_PENDING); a decode or payment of its QR code is then refused. Accepts the API-key pair in place of a bearer token, like charge creation.',
  })
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
