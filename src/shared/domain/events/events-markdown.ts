import type { EventCatalogue, EventDefinition } from './event-catalogue.js';
import type { FieldSchema, StringFormat } from './event-schema.js';

const INTRO = `# Events

<!-- Generated from the event catalogue (src/events.catalogue.ts) by \`npm run openapi\`; do not edit by hand. -->

Every state change that matters outside its module records an event in the same database transaction
(transactional outbox, docs/adr/0056-transactional-outbox-and-relay.md). An event has a name (its \`type\`,
below), the id of the aggregate it concerns (\`aggregate_id\`), the client it concerns, and a \`payload\` whose
fields are listed per event.

Events marked **webhook: yes** are delivered to the client's webhook subscriptions as
\`{id, type, created_at, data}\`, with \`data\` the payload below ([webhooks.md](webhooks.md)). The others are
internal: they only start work inside the service.

Payload rules, for every event:

- Every field listed is always present; a field that can be \`null\` says so. No other field appears.
- An object field's own fields are listed after it as \`field.subfield\`; each is present whenever the object is.
- Fields are added, never removed, renamed or retyped: an event may gain fields (an object, subfields) in a
  release, so read the fields you know and ignore the others (docs/adr/0225-the-payer-on-every-credit.md).
- Money is a decimal string with exactly 2 decimals (\`"150.00"\`), never a JSON number.
- Field names are snake_case, as in the API.

| format | meaning |
|---|---|
`;

/** How each string format looks (the table under the intro). */
const FORMATS: Record<StringFormat, string> = {
  uuid: 'a UUID, lower case',
  decimal: 'an amount in BRL: decimal string, exactly 2 decimals, e.g. `"150.00"`',
  'date-time': 'ISO 8601 in UTC with milliseconds, e.g. `"2025-11-20T12:00:00.000Z"`',
  'end-to-end-id': "32 characters: `E`, the payer's institution ISPB, `yyyyMMddHHmm` (UTC) and 11 letters or digits",
  ispb: 'an institution code: 8 digits',
};

const cell = (text: string): string => text.replace(/\|/g, '\\|');

function typeOf(field: FieldSchema): string {
  if (field.type === 'object') return 'object';
  if (field.enum)
    return field.enum.length === 1 ? `\`"${field.enum[0]}"\`` : `${field.type}: ${field.enum.map((v) => `\`${v}\``).join(', ')}`;
  return field.format ? `${field.type} (${field.format})` : field.type;
}

function renderEvent(name: string, def: EventDefinition): string {
  const row = (field: string, schema: FieldSchema) =>
    `| \`${field}\` | ${cell(typeOf(schema))} | ${schema.nullable ? 'yes' : 'no'} | ${cell(schema.description)} |`;
  // An object field's own fields follow it, named `field.subfield`.
  const fields = Object.entries(def.payload).flatMap(([field, schema]) => [
    row(field, schema),
    ...(schema.type === 'object' ? Object.entries(schema.properties).map(([sub, s]) => row(`${field}.${sub}`, s)) : []),
  ]);
  return [
    `### \`${name}\``,
    '',
    def.description,
    '',
    `Webhook: ${def.webhook ? 'yes' : 'no (internal)'}. Aggregate id: ${def.aggregate}.`,
    '',
    '| field | type | nullable | description |',
    '|---|---|---|---|',
    ...fields,
  ].join('\n');
}

/** docs/events.md, from the composed event catalogue: a summary of every event, then a section per part. */
export function renderEventsMarkdown(catalogue: EventCatalogue): string {
  const formats = (Object.keys(FORMATS) as StringFormat[]).map((f) => `| \`${f}\` | ${cell(FORMATS[f])} |`);
  const summary = [
    '## All events',
    '',
    '| event | webhook | description |',
    '|---|---|---|',
    ...catalogue.names.map((name) => {
      const def = catalogue.definition(name);
      return `| [\`${name}\`](#${name.replace(/[^a-z0-9_-]/g, '')}) | ${def.webhook ? 'yes' : 'no'} | ${cell(def.description)} |`;
    }),
  ].join('\n');
  const sections = catalogue.parts.map((part) => {
    const events = Object.entries(part.events).map(([name, def]) => renderEvent(name, def));
    return [`## ${part.title}`, ...events].join('\n\n');
  });
  return `${INTRO}${formats.join('\n')}\n\n${summary}\n\n${sections.join('\n\n')}\n`;
}
