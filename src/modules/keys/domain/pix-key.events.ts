import { eventConstructor, type DomainEvent } from '../../../shared/domain/domain-event.js';
import type { EventCataloguePart, EventDefinitions, EventPayload } from '../../../shared/domain/events/event-catalogue.js';
import { PIX_KEY_TYPES } from '../../../shared/domain/pix-key.js';

/**
 * Why a key left the directory: a copy of pix-key.aggregate.ts `KEY_DELETION_REASONS` (that file imports
 * the builders below, so importing it here would be a cycle; pix-key.events.spec.ts keeps the two equal).
 */
const KEY_DELETION_REASONS = ['USER_REQUESTED', 'ACCOUNT_CLOSURE', 'BRANCH_TRANSFER', 'RECONCILIATION', 'FRAUD', 'RFB_VALIDATION'] as const;

const keySchema = <S extends string>(status: S) =>
  ({
    id: { type: 'string', format: 'uuid', description: 'The key record (`id` in the API)' },
    account_id: { type: 'string', format: 'uuid', description: 'The account the key points at' },
    key_type: { type: 'string', enum: PIX_KEY_TYPES, description: 'The key type' },
    key_value: { type: 'string', description: 'The key (for `EVP`, the random key generated at registration)' },
    status: { type: 'string', enum: [status], description: `The key's status: always \`${status}\` in this event` },
    created_at: { type: 'string', format: 'date-time', description: 'When the key was registered' },
  }) as const;

/** The Pix keys' events (docs/events.md). */
export const KEY_EVENTS = {
  'key.registered': {
    description: 'A Pix key was registered for one of your accounts.',
    webhook: true,
    aggregate: 'the key',
    payload: keySchema('active'),
  },
  'key.deleted': {
    description: 'A Pix key of yours left the directory; its value is free for anyone to register.',
    webhook: true,
    aggregate: 'the key',
    payload: {
      ...keySchema('deleted'),
      deleted_at: { type: 'string', format: 'date-time', description: 'When the key was deleted' },
      reason: { type: 'string', enum: KEY_DELETION_REASONS, description: 'Why (DICT reason; `USER_REQUESTED` when you gave none)' },
    },
  },
} as const satisfies EventDefinitions;

type KeyEventDefinitions = typeof KEY_EVENTS;

declare module '../../../shared/domain/events/event-catalogue.js' {
  interface EventRegistry extends KeyEventDefinitions {}
}

/** The keys' section of the event catalogue (composed in src/events.catalogue.ts). */
export const KEY_EVENT_PART: EventCataloguePart<KeyEventDefinitions> = { title: 'Pix keys', events: KEY_EVENTS };

const domainEvent = eventConstructor(KEY_EVENTS);

/** What every key event says about the key (a key's snapshot has these fields). */
export interface PixKeyEventSource {
  id: string;
  clientId: string;
  accountId: string;
  keyType: EventPayload<'key.registered'>['key_type'];
  keyValue: string;
  createdAt: Date;
}

function keyFields<S extends string>(k: PixKeyEventSource, status: S) {
  return { id: k.id, account_id: k.accountId, key_type: k.keyType, key_value: k.keyValue, status, created_at: k.createdAt.toISOString() };
}

export function keyRegistered(k: PixKeyEventSource): DomainEvent<'key.registered'> {
  return domainEvent('key.registered', k.id, k.clientId, keyFields(k, 'active'));
}

export function keyDeleted(
  k: PixKeyEventSource,
  deletion: { at: Date; reason: EventPayload<'key.deleted'>['reason'] },
): DomainEvent<'key.deleted'> {
  return domainEvent('key.deleted', k.id, k.clientId, {
    ...keyFields(k, 'deleted'),
    deleted_at: deletion.at.toISOString(),
    reason: deletion.reason,
  });
}

/** One builder per event name (src/events.catalogue.ts checks that every name has one). */
export const KEY_EVENT_BUILDERS = { 'key.registered': keyRegistered, 'key.deleted': keyDeleted } as const;
