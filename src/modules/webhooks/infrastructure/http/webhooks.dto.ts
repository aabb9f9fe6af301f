import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';
import { PageNumberQuery } from '../../../../shared/http/page.query.js';
import type { AttemptRecord, DeliveryDetailRecord, DeliveryRecord, WebhookRecord } from '../../application/webhook-record.js';
import { DELIVERY_ERROR_CATEGORIES } from '../../domain/delivery-error.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../domain/webhook-delivery.aggregate.js';
import { WEBHOOK_STATUSES, type WebhookStatus } from '../../domain/webhook.aggregate.js';

const TRY_ERROR_DOC =
  'Why the try failed, as a category: `HTTP <status>` for an answer other than 2xx, or with no answer one of ' +
  `${DELIVERY_ERROR_CATEGORIES.map((c) => `\`${c}\``).join(', ')} (\`address_refused\`: the target is not allowed; \`signing_secret_unavailable\`: nothing was sent, rotate the secret). ` +
  'Never the network error itself.';

/** The names themselves are the catalogue's, composed at the root: listWebhookEventNames adds them to the document. */
const EVENTS_DOC = 'Event names to receive (docs/events.md); omitted, empty or `["*"]` receives every event.';

export class WebhookRequest {
  @ApiProperty({
    example: 'https://example.com/pix/webhooks',
    maxLength: 2048,
    description: 'HTTPS URL on the default port (443); must resolve to public addresses',
  })
  @IsString()
  @MaxLength(2048)
  url: string;

  @ApiPropertyOptional({ type: [String], example: ['cash_in.completed', 'cash_out.completed'], maxItems: 50, description: EVENTS_DOC })
  @Omittable()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(80, { each: true })
  events?: string[];
}

export class UpdateWebhookRequest extends WebhookRequest {
  @ApiPropertyOptional({
    description: '`true` turns delivery back on (e.g. after a 410 disabled it); `false` pauses it. Omitted: unchanged.',
  })
  @Omittable()
  @IsBoolean()
  enabled?: boolean;
}

/** Delivery-log filters: `status`, and `page` / `page_size` as every paged list. */
export class DeliveryListQuery extends PageNumberQuery {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: DeliveryStatus;
}

export class WebhookDto implements WebhookRecord {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'https://example.com/pix/webhooks' }) url: string;
  @ApiProperty({ type: [String], example: ['*'], description: '`["*"]`: every event' }) events: string[];
  @ApiProperty({ enum: WEBHOOK_STATUSES, description: '`disabled`: nothing is delivered (a 410 answer, or `enabled: false`)' })
  status: WebhookStatus;
  @ApiProperty({ nullable: true, type: String, example: null }) disabled_reason: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    format: 'date-time',
    description: 'After a secret rotation: until then deliveries are also signed with the previous secret',
  })
  previous_secret_expires_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class WebhookWithSecretDto extends WebhookDto {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'The signing secret (Standard Webhooks). Shown only in this answer: store it now.',
  })
  secret: string;
}

export class WebhookCreatedResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: WebhookWithSecretDto }) data: WebhookWithSecretDto;
}

export class WebhookResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: WebhookDto }) data: WebhookDto;
}

export class WebhookListResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: [WebhookDto] }) data: WebhookDto[];
}

export class WebhookDeletedResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: 'Webhook deleted' }) message: string;
}

export class RotatedSecretDto {
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', description: 'The new secret; shown only here' }) secret: string;
  @ApiProperty({ format: 'date-time', description: 'Until then deliveries carry a signature with the previous secret too' })
  previous_secret_expires_at: string;
}

export class RotatedSecretResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: RotatedSecretDto }) data: RotatedSecretDto;
}

export class DeliveryDto implements DeliveryRecord {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) webhook_id: string;
  @ApiProperty({ format: 'uuid', description: 'The event (`id` of the payload, and the `webhook-id` header)' }) event_id: string;
  @ApiProperty({ example: 'cash_in.completed' }) event_type: string;
  @ApiProperty({ enum: DELIVERY_STATUSES, description: '`pending` until a 2xx (`delivered`) or the last try (`failed`)' })
  status: DeliveryStatus;
  @ApiProperty({ type: 'integer', example: 1, description: 'Tries made so far' }) attempt_count: number;
  @ApiProperty({ type: 'integer', example: 0 }) resend_count: number;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When the next try is due (`pending` only)' })
  next_attempt_at: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) last_attempt_at: string | null;
  @ApiProperty({ nullable: true, type: 'integer', example: 200 }) last_http_status: number | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: null,
    description: `Why the last try failed (as \`attempts[].error\`), or why the delivery was given up (\`webhook deleted\`, \`webhook disabled: <reason>\`)`,
  })
  last_error: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) delivered_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class AttemptDto implements AttemptRecord {
  @ApiProperty({ type: 'integer', example: 1 }) attempt: number;
  @ApiProperty({ description: 'Made by the resend endpoint' }) resend: boolean;
  @ApiProperty({ format: 'date-time' }) attempted_at: string;
  @ApiProperty({ nullable: true, type: 'integer', example: 200, description: 'The answer; `null` when none came' })
  http_status: number | null;
  @ApiProperty({ type: 'integer', example: 42 }) latency_ms: number;
  @ApiProperty({ nullable: true, type: String, example: null, description: TRY_ERROR_DOC })
  error: string | null;
}

export class DeliveryDetailDto extends DeliveryDto implements DeliveryDetailRecord {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The notification exactly as sent: `{id, type, created_at, data}`',
  })
  payload: Record<string, unknown>;
  @ApiProperty({ type: [AttemptDto] }) attempts: AttemptDto[];
}

export class DeliveryPageDto {
  @ApiProperty({ type: [DeliveryDto] }) items: DeliveryDto[];
  @ApiProperty({ type: 'integer', example: 1 }) page: number;
  @ApiProperty({ type: 'integer', example: 20 }) page_size: number;
  @ApiProperty({ type: 'integer', example: 1, description: 'Matching deliveries, counted up to 10,000 (10000 means 10,000 or more)' })
  total: number;
}

export class DeliveryListResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: DeliveryPageDto }) data: DeliveryPageDto;
}

export class DeliveryResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: DeliveryDetailDto }) data: DeliveryDetailDto;
}

export class EmptyDto {}

export class DeliveryResentResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: EmptyDto, description: 'An empty object' }) data: EmptyDto;
  @ApiProperty({ example: 'Delivery re-queued' }) message: string;
}
