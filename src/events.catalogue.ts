import type { DomainEvent } from './shared/domain/domain-event.js';
import { EventCatalogue, type EventName, type EventRegistry } from './shared/domain/events/event-catalogue.js';
import { CASH_IN_EVENT_BUILDERS, CASH_IN_EVENT_PART } from './modules/cash-in/domain/cash-in.events.js';
import { CASH_OUT_EVENT_BUILDERS, CASH_OUT_EVENT_PART } from './modules/cash-out/domain/cash-out.events.js';
import { KEY_EVENT_BUILDERS, KEY_EVENT_PART } from './modules/keys/domain/pix-key.events.js';
import { LIMIT_REQUEST_EVENT_BUILDERS, LIMIT_REQUEST_EVENT_PART } from './modules/limits/domain/limit-request.events.js';
import { MED_EVENT_BUILDERS, MED_EVENT_PART } from './modules/med/domain/med.events.js';
import { P2P_EVENT_BUILDERS, P2P_EVENT_PART } from './modules/p2p/domain/p2p.events.js';
import { REVERSAL_EVENT_BUILDERS, REVERSAL_EVENT_PART } from './modules/reversals/domain/reversal.events.js';

/**
 * The event catalogue of the whole service, composed from each module's part (its `domain/*.events.ts`:
 * names, payload schemas, builders) in the order docs/events.md lists them. The kernel knows no event;
 * this file, beside app.module.ts, is the one place that knows them all. Modules that need the whole
 * catalogue at run time (webhooks: the names a subscription may list) get `EventCatalogue` injected
 * (EventCatalogueModule); docs/events.md and the OpenAPI document are generated from here.
 */
const PARTS = [
  CASH_OUT_EVENT_PART,
  CASH_IN_EVENT_PART,
  P2P_EVENT_PART,
  REVERSAL_EVENT_PART,
  KEY_EVENT_PART,
  LIMIT_REQUEST_EVENT_PART,
  MED_EVENT_PART,
] as const;

/**
 * Every registered event's definition, once. Fails to compile when a module registers an event
 * (`EventRegistry`) whose part is not listed above, or a part holds a name it did not register.
 */
export const EVENT_DEFINITIONS = {
  ...CASH_OUT_EVENT_PART.events,
  ...CASH_IN_EVENT_PART.events,
  ...P2P_EVENT_PART.events,
  ...REVERSAL_EVENT_PART.events,
  ...KEY_EVENT_PART.events,
  ...LIMIT_REQUEST_EVENT_PART.events,
  ...MED_EVENT_PART.events,
} as const satisfies { [N in EventName]: EventRegistry[N] };

/**
 * The one builder of each event name. Every event is built by its builder (never as an object literal),
 * and this table fails to compile when a registered name has no builder or a builder returns another name.
 */
export const EVENT_BUILDERS = {
  ...CASH_OUT_EVENT_BUILDERS,
  ...CASH_IN_EVENT_BUILDERS,
  ...P2P_EVENT_BUILDERS,
  ...REVERSAL_EVENT_BUILDERS,
  ...KEY_EVENT_BUILDERS,
  ...LIMIT_REQUEST_EVENT_BUILDERS,
  ...MED_EVENT_BUILDERS,
} as const satisfies { [N in EventName]: (...args: never[]) => DomainEvent<N> };

export const EVENT_CATALOGUE = new EventCatalogue(PARTS);

/** The events a webhook can subscribe to (`webhook: true`), in catalogue order. */
export const WEBHOOK_EVENT_NAMES = EVENT_CATALOGUE.webhookEventNames;
