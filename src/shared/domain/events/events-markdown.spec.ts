import { EventCatalogue, type EventDefinition } from './event-catalogue.js';
import { renderEventsMarkdown } from './events-markdown.js';

// The kernel's machinery over a catalogue of its own: the service's catalogue is composed at the root
// (src/events.catalogue.ts, tested by src/events.catalogue.spec.ts).
const opened: EventDefinition = {
  description: 'A box was opened.',
  webhook: true,
  aggregate: 'the box',
  payload: {
    id: { type: 'string', format: 'uuid', description: 'The box' },
    status: { type: 'string', enum: ['open'], description: 'Always `open`' },
    label: { type: 'string', nullable: true, description: 'Its label | if any' },
    amount: { type: 'string', format: 'decimal', description: 'What it holds' },
    opener: {
      type: 'object',
      description: 'Who opened it',
      properties: {
        name: { type: 'string', description: 'Their name' },
        bank: { type: 'string', format: 'ispb', nullable: true, description: 'Their bank' },
      },
    },
  },
};
const sealed: EventDefinition = {
  description: 'A box was sealed (internal).',
  webhook: false,
  aggregate: 'the box',
  payload: { kind: { type: 'string', enum: ['small', 'large'], description: 'Its size' } },
};
const shipped: EventDefinition = {
  description: 'A box left.',
  webhook: true,
  aggregate: 'the shipment',
  payload: { count: { type: 'integer', description: 'How many' } },
};

const catalogue = new EventCatalogue([
  { title: 'Boxes', events: { 'box.opened': opened, 'box.sealed': sealed } },
  { title: 'Shipping', events: { 'shipment.sent': shipped } },
]);

describe('EventCatalogue', () => {
  it('lists the names part after part, and the webhook events among them in that order', () => {
    expect(catalogue.names).toEqual(['box.opened', 'box.sealed', 'shipment.sent']);
    expect(catalogue.webhookEventNames).toEqual(['box.opened', 'shipment.sent']);
    expect(catalogue.definition('box.sealed')).toBe(sealed);
    expect(catalogue.has('box.sealed')).toBe(true);
    expect(catalogue.has('box.lost')).toBe(false);
    expect(() => catalogue.definition('box.lost')).toThrow('unknown event box.lost');
  });

  it('refuses a name two parts both define', () => {
    expect(
      () =>
        new EventCatalogue([
          { title: 'A', events: { 'box.opened': opened } },
          { title: 'B', events: { 'box.opened': shipped } },
        ]),
    ).toThrow('event box.opened is in the catalogue twice');
  });
});

describe('docs/events.md rendering', () => {
  const md = renderEventsMarkdown(catalogue);

  it('summarises every event once, in catalogue order, with its anchor and webhook flag', () => {
    const summary = md.slice(md.indexOf('## All events'), md.indexOf('\n## Boxes'));
    expect(summary.split('\n').filter((line) => line.startsWith('| ['))).toEqual([
      '| [`box.opened`](#boxopened) | yes | A box was opened. |',
      '| [`box.sealed`](#boxsealed) | no | A box was sealed (internal). |',
      '| [`shipment.sent`](#shipmentsent) | yes | A box left. |',
    ]);
  });

  it('renders a section per part, in order, and an event per heading with its fields', () => {
    expect(md.indexOf('\n## Boxes\n')).toBeGreaterThan(0);
    expect(md.indexOf('\n## Shipping\n')).toBeGreaterThan(md.indexOf('\n## Boxes\n'));
    expect(md.indexOf('### `shipment.sent`')).toBeGreaterThan(md.indexOf('\n## Shipping\n'));
    expect(md).toContain('Webhook: no (internal). Aggregate id: the box.');
    expect(md).toContain('Webhook: yes. Aggregate id: the shipment.');
    expect(md).toContain('| `id` | string (uuid) | no | The box |');
    expect(md).toContain('| `status` | `"open"` | no | Always `open` |');
    expect(md).toContain('| `label` | string | yes | Its label \\| if any |');
    expect(md).toContain('| `kind` | string: `small`, `large` | no | Its size |');
    expect(md).toContain('| `count` | integer | no | How many |');
  });

  it('lists an object field, then each of its own fields as `field.subfield`', () => {
    const rows = md.split('\n').filter((line) => line.startsWith('| `opener'));
    expect(rows).toEqual([
      '| `opener` | object | no | Who opened it |',
      '| `opener.name` | string | no | Their name |',
      '| `opener.bank` | string (ispb) | yes | Their bank |',
    ]);
    expect(md.indexOf('| `opener` |')).toBeGreaterThan(md.indexOf('| `amount` |'));
  });

  it('says where it is generated from, is deterministic and ends with one newline', () => {
    expect(md).toContain('<!-- Generated from the event catalogue (src/events.catalogue.ts) by `npm run openapi`');
    expect(renderEventsMarkdown(catalogue)).toBe(md);
    expect(md.endsWith('\n')).toBe(true);
    expect(md.endsWith('\n\n')).toBe(false);
  });
});
