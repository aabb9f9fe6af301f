import type { PayloadOf, PayloadSchema } from './event-schema.js';

/**
 * The machinery of the event catalogue, knowing no event. Each module owns its events (names, payload
 * schemas, builders) in its `domain/*.events.ts` and adds them to `EventRegistry`; the whole catalogue is
 * composed at the root (src/events.catalogue.ts), which checks that it holds exactly the registered names,
 * and docs/events.md is rendered from it (events-markdown.ts).
 */

export interface EventDefinition {
  /** One line, Markdown. */
  readonly description: string;
  /** Offered to the client's webhook subscriptions; otherwise internal (queue consumers only). */
  readonly webhook: boolean;
  /** What the event's `aggregate_id` identifies. */
  readonly aggregate: string;
  readonly payload: PayloadSchema;
}

/** Event name -> its definition. */
export type EventDefinitions = Readonly<Record<string, EventDefinition>>;

/** One module's events: a section of docs/events.md, its events in the order listed. */
export interface EventCataloguePart<D extends EventDefinitions = EventDefinitions> {
  /** The section's title in docs/events.md. */
  readonly title: string;
  readonly events: D;
}

/**
 * Every event name -> the type of its definition. Empty here: each module adds its own events by
 * declaration merging, next to their definitions, e.g. in `cash-out/domain/cash-out.events.ts`:
 *
 *     declare module '../../../shared/domain/events/event-catalogue.js' {
 *       interface EventRegistry extends CashOutEventDefinitions {}
 *     }
 *
 * so `EventName`, `EventPayload<N>` and `DomainEvent` are exact without the kernel importing a module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules (declaration merging)
export interface EventRegistry {}

export type EventName = keyof EventRegistry & string;

type DefinitionOf<N extends EventName> = Extract<EventRegistry[N], EventDefinition>;

/** The payload of event `N`, derived from its schema. */
export type EventPayload<N extends EventName> = PayloadOf<DefinitionOf<N>['payload']>;

/** Whether webhook subscribers receive event `N` (a literal type per name). */
export type EventWebhook<N extends EventName> = DefinitionOf<N>['webhook'];

/** The composed catalogue, read at run time: names in order, their definitions, the webhook events. */
export class EventCatalogue {
  /** Every event name, part after part, each part's events in its order. */
  readonly names: readonly string[];
  /** The events a webhook can subscribe to (`webhook: true`), in catalogue order. */
  readonly webhookEventNames: readonly string[];
  private readonly definitions = new Map<string, EventDefinition>();

  constructor(readonly parts: readonly EventCataloguePart[]) {
    for (const part of parts) {
      for (const [name, definition] of Object.entries(part.events)) {
        if (this.definitions.has(name)) throw new Error(`event ${name} is in the catalogue twice`);
        this.definitions.set(name, definition);
      }
    }
    this.names = [...this.definitions.keys()];
    this.webhookEventNames = this.names.filter((name) => this.definitions.get(name)!.webhook);
  }

  has(name: string): boolean {
    return this.definitions.has(name);
  }

  definition(name: string): EventDefinition {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`unknown event ${name}`);
    return definition;
  }
}
