import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { UuidParam } from '../../../../shared/http/uuid-param.js';
import { Clock } from '../../../../shared/time/clock.js';
import { DeliveryLog } from '../../application/delivery-log.service.js';
import { attemptRecord, deliveryRecord, webhookRecord } from '../../application/webhook-record.js';
import { WebhookSubscriptions } from '../../application/webhook-subscriptions.service.js';
import {
  DeliveryListQuery,
  DeliveryListResponse,
  DeliveryResentResponse,
  DeliveryResponse,
  RotatedSecretResponse,
  UpdateWebhookRequest,
  WebhookCreatedResponse,
  WebhookDeletedResponse,
  WebhookListResponse,
  WebhookRequest,
  WebhookResponse,
} from './webhooks.dto.js';

const SIGNING =
  'Each notification is a POST of `{id, type, created_at, data}` signed per Standard Webhooks ' +
  '(`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`); see docs/webhooks.md.';

@ApiTags('Webhooks')
@Controller('api/v1/webhooks')
export class WebhooksController {
  constructor(
    private readonly subscriptions: WebhookSubscriptions,
    private readonly log: DeliveryLog,
    private readonly clock: Clock,
  ) {}

  @Post()
  @HttpCode(201)
  @ClientEndpoint('webhooks:write')
  @ApiOperation({
    operationId: 'createWebhook',
    summary: 'Subscribe an HTTPS URL to your events; the answer holds the signing secret, shown only this once',
    description:
      `${SIGNING} The URL must be HTTPS and resolve to public addresses only (checked again at every delivery, ` +
      'on the address connected to). At most 10 webhooks per client.',
  })
  @ApiCreatedResponse({ type: WebhookCreatedResponse })
  @ApiErrors('WEBHOOK_TARGET_NOT_ALLOWED', 'WEBHOOK_LIMIT_REACHED')
  async create(@CurrentPrincipal() p: Principal, @Body() body: WebhookRequest): Promise<WebhookCreatedResponse> {
    const { webhook, secret } = await this.subscriptions.register(p.id, body);
    return { success: true, data: { ...webhookRecord(webhook, this.clock.now()), secret } };
  }

  @Get()
  @ClientEndpoint('webhooks:read')
  @ApiOperation({
    operationId: 'listWebhooks',
    summary: 'Your webhooks, oldest first (never their secrets)',
    description: 'URL, events, enabled flag and timestamps of each webhook of yours; secrets are shown only at creation and rotation.',
  })
  @ApiOkResponse({ type: WebhookListResponse })
  async index(@CurrentPrincipal() p: Principal): Promise<WebhookListResponse> {
    const now = this.clock.now();
    return { success: true, data: (await this.subscriptions.list(p.id)).map((w) => webhookRecord(w, now)) };
  }

  @Get(':id')
  @ClientEndpoint('webhooks:read')
  @ApiOperation({
    operationId: 'getWebhook',
    summary: 'One of your webhooks',
    description: "URL, events, enabled flag and timestamps (never the secret). Another client's webhook is 404.",
  })
  @ApiOkResponse({ type: WebhookResponse })
  @ApiErrors('WEBHOOK_NOT_FOUND')
  async show(@CurrentPrincipal() p: Principal, @UuidParam('id', 'Webhook', 'WEBHOOK_NOT_FOUND') id: string): Promise<WebhookResponse> {
    return { success: true, data: webhookRecord(await this.subscriptions.get(p.id, id), this.clock.now()) };
  }

  @Put(':id')
  @ClientEndpoint('webhooks:write')
  @ApiOperation({
    operationId: 'updateWebhook',
    summary: 'Replace a webhook’s URL and events; `enabled` turns delivery back on or pauses it',
    description: 'The secret does not change (rotate it with POST /api/v1/webhooks/{id}/rotate-secret). Omitted `events`: every event.',
  })
  @ApiOkResponse({ type: WebhookResponse })
  @ApiErrors('WEBHOOK_NOT_FOUND', 'WEBHOOK_TARGET_NOT_ALLOWED')
  async update(
    @CurrentPrincipal() p: Principal,
    @UuidParam('id', 'Webhook', 'WEBHOOK_NOT_FOUND') id: string,
    @Body() body: UpdateWebhookRequest,
  ): Promise<WebhookResponse> {
    return { success: true, data: webhookRecord(await this.subscriptions.change(p.id, id, body), this.clock.now()) };
  }

  @Delete(':id')
  @ClientEndpoint('webhooks:write')
  @ApiOperation({
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook; its pending deliveries end `failed`, its delivery log stays readable',
    description:
      'No further deliveries are made; pending ones end `failed`. The delivery log stays readable through GET /api/v1/webhooks/deliveries/{delivery_id}.',
  })
  @ApiOkResponse({ type: WebhookDeletedResponse })
  @ApiErrors('WEBHOOK_NOT_FOUND')
  async destroy(
    @CurrentPrincipal() p: Principal,
    @UuidParam('id', 'Webhook', 'WEBHOOK_NOT_FOUND') id: string,
  ): Promise<WebhookDeletedResponse> {
    await this.subscriptions.remove(p.id, id);
    return { success: true, message: 'Webhook deleted' };
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ClientEndpoint('webhooks:write')
  @ApiOperation({
    operationId: 'rotateWebhookSecret',
    summary: 'A new signing secret; for 24 h deliveries are signed with both, so nothing in flight fails to verify',
    description: 'Switch your verifier to the new secret within `previous_secret_expires_at` (docs/webhooks.md, "Rotating the secret").',
  })
  @ApiOkResponse({ type: RotatedSecretResponse })
  @ApiErrors('WEBHOOK_NOT_FOUND')
  async rotate(
    @CurrentPrincipal() p: Principal,
    @UuidParam('id', 'Webhook', 'WEBHOOK_NOT_FOUND') id: string,
  ): Promise<RotatedSecretResponse> {
    const { webhook, secret } = await this.subscriptions.rotateSecret(p.id, id);
    return {
      success: true,
      data: { secret, previous_secret_expires_at: (webhook.snapshot.previousSecretExpiresAt ?? this.clock.now()).toISOString() },
    };
  }

  @Get(':id/deliveries')
  @ClientEndpoint('webhooks:read')
  @ApiOperation({
    operationId: 'listWebhookDeliveries',
    summary: 'A webhook’s deliveries, newest first; filter by `status`',
    description:
      'Paged: `page` from 1 (default 1), `page_size` 1-100 (default 20), `page * page_size` at most 10,000; `total` counts up to 10,000 (10000 means 10,000 or more).',
  })
  @ApiOkResponse({ type: DeliveryListResponse })
  @ApiErrors('WEBHOOK_NOT_FOUND')
  async deliveries(
    @CurrentPrincipal() p: Principal,
    @UuidParam('id', 'Webhook', 'WEBHOOK_NOT_FOUND') id: string,
    @Query() q: DeliveryListQuery,
  ): Promise<DeliveryListResponse> {
    const page = await this.log.list(p.id, id, q.status ?? null, q.page ?? 1, q.page_size ?? 20);
    return {
      success: true,
      data: { items: page.items.map(deliveryRecord), page: page.page, page_size: page.pageSize, total: page.total },
    };
  }

  @Get('deliveries/:delivery_id')
  @ClientEndpoint('webhooks:read')
  @ApiOperation({
    operationId: 'getWebhookDelivery',
    summary: 'One delivery: the payload sent and every try (time, HTTP status, latency, error)',
    description:
      'The notification exactly as sent (its `id` is the `webhook-id` header), its status, the next try, and every attempt with time, HTTP status, latency and error.',
  })
  @ApiOkResponse({ type: DeliveryResponse })
  @ApiErrors('DELIVERY_NOT_FOUND')
  async delivery(
    @CurrentPrincipal() p: Principal,
    @UuidParam('delivery_id', 'Delivery', 'DELIVERY_NOT_FOUND') deliveryId: string,
  ): Promise<DeliveryResponse> {
    const { delivery, attempts } = await this.log.get(p.id, deliveryId);
    return {
      success: true,
      data: {
        ...deliveryRecord(delivery),
        payload: JSON.parse(delivery.snapshot.body) as Record<string, unknown>,
        attempts: attempts.map(attemptRecord),
      },
    };
  }

  @Post('deliveries/:delivery_id/resend')
  @HttpCode(200)
  @ClientEndpoint('webhooks:write')
  @ApiOperation({
    operationId: 'resendWebhookDelivery',
    summary: 'Re-queue a failed or undelivered delivery; the next worker run sends it',
    description:
      'A `failed` delivery becomes `pending` for another try; a `pending` one is tried now instead of at its next retry. ' +
      'A delivery to a disabled webhook fails again: re-enable the webhook first (PUT with `enabled: true`).',
  })
  @ApiOkResponse({ type: DeliveryResentResponse })
  @ApiErrors('DELIVERY_NOT_FOUND', 'DELIVERY_ALREADY_DELIVERED')
  async resend(
    @CurrentPrincipal() p: Principal,
    @UuidParam('delivery_id', 'Delivery', 'DELIVERY_NOT_FOUND') deliveryId: string,
  ): Promise<DeliveryResentResponse> {
    await this.log.resend(p.id, deliveryId);
    return { success: true, data: {}, message: 'Delivery re-queued' };
  }
}
