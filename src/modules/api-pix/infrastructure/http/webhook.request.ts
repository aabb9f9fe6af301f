import { IsString, MaxLength } from 'class-validator';

/** The body of `PUT /webhook/{chave}` (`WebhookSolicitado` of docs/reference/api-pix-2.9.0.yaml). */
export class WebhookRequest {
  @IsString({ message: 'não respeita o _schema_ (uma URL)' })
  @MaxLength(2048, { message: 'excede 2048 caracteres' })
  webhookUrl!: string;
}

/** A refused field of a webhook request in API Pix's words (`webhook.webhookUrl`). */
export function webhookProperty(field: string): string {
  if (field === 'url' || field === 'webhookUrl') return 'webhook.webhookUrl';
  return field;
}
