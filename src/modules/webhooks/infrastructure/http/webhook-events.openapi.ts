import type { OpenAPIObject } from '@nestjs/swagger';

/** The request bodies whose `events` property is a subscription list (webhooks.dto.ts). */
const SUBSCRIPTION_SCHEMAS = ['WebhookRequest', 'UpdateWebhookRequest'] as const;

interface PropertySchema {
  description?: string;
}

/**
 * Lists the names a subscription may use under each subscription body's `events` property. The names are
 * the webhook events of the service's catalogue, which this module does not know (it is composed at the
 * root): the root's document builder passes them. Throws when a body or its property is gone, so the list
 * is never silently dropped.
 */
export function listWebhookEventNames(doc: OpenAPIObject, webhookEventNames: readonly string[]): OpenAPIObject {
  const listed = new Set<PropertySchema>();
  for (const name of SUBSCRIPTION_SCHEMAS) {
    const schema = doc.components?.schemas?.[name] as { properties?: Record<string, PropertySchema> } | undefined;
    const events = schema?.properties?.events;
    if (!events?.description) throw new Error(`OpenAPI schema ${name} has no described \`events\` property`);
    if (listed.has(events)) continue; // one object shared by both bodies: listed once
    listed.add(events);
    events.description = `${events.description} Names: ${webhookEventNames.map((n) => `\`${n}\``).join(', ')}.`;
  }
  return doc;
}
