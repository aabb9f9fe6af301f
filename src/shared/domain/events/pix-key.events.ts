import { domainEvent, type DomainEvent } from '../domain-event.js';
import type { KeyDeletedPayload, KeyRegisteredPayload } from './event-catalogue.js';

/** What every key event says about the key (a key's snapshot has these fields). */
export interface PixKeyEventSource {
  id: string;
  clientId: string;
  accountId: string;
  keyType: KeyRegisteredPayload['key_type'];
  keyValue: string;
  createdAt: Date;
}

function keyFields<S extends string>(k: PixKeyEventSource, status: S) {
  return { id: k.id, account_id: k.accountId, key_type: k.keyType, key_value: k.keyValue, status, created_at: k.createdAt.toISOString() };
}

export function keyRegistered(k: PixKeyEventSource): DomainEvent<'key.registered'> {
  return domainEvent('key.registered', k.id, k.clientId, keyFields(k, 'active'));
}

export function keyDeleted(k: PixKeyEventSource, deletion: { at: Date; reason: KeyDeletedPayload['reason'] }): DomainEvent<'key.deleted'> {
  return domainEvent('key.deleted', k.id, k.clientId, {
    ...keyFields(k, 'deleted'),
    deleted_at: deletion.at.toISOString(),
    reason: deletion.reason,
  });
}
