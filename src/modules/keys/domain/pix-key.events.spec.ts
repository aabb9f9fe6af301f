import type { PayloadSchema } from '../../../shared/domain/events/event-schema.js';
import { PIX_KEY_TYPES } from '../../../shared/domain/pix-key.js';
import { KEY_DELETION_REASONS, PIX_KEY_STATUSES } from './pix-key.aggregate.js';
import { KEY_EVENTS, keyDeleted, keyRegistered, type PixKeyEventSource } from './pix-key.events.js';

const KEY: PixKeyEventSource = {
  id: '3f1c2b8e-9a4d-4c6e-8f7a-1b2c3d4e5f60',
  clientId: 'c0a80101-0000-4000-8000-000000000003',
  accountId: 'a0a80101-0000-4000-8000-000000000003',
  keyType: 'EMAIL',
  keyValue: 'maria@example.com',
  createdAt: new Date('2025-11-20T12:00:00.000Z'),
};

const base = {
  id: KEY.id,
  account_id: KEY.accountId,
  key_type: 'EMAIL',
  key_value: 'maria@example.com',
  created_at: '2025-11-20T12:00:00.000Z',
};

describe('key event builders', () => {
  it('key.registered: the active key', () => {
    expect(keyRegistered(KEY)).toEqual({
      type: 'key.registered',
      aggregateId: KEY.id,
      clientId: KEY.clientId,
      webhook: true,
      payload: { ...base, status: 'active' },
    });
  });

  it('key.deleted: adds when and why', () => {
    expect(keyDeleted(KEY, { at: new Date('2025-11-21T08:30:00.000Z'), reason: 'FRAUD' })).toEqual({
      type: 'key.deleted',
      aggregateId: KEY.id,
      clientId: KEY.clientId,
      webhook: true,
      payload: { ...base, status: 'deleted', deleted_at: '2025-11-21T08:30:00.000Z', reason: 'FRAUD' },
    });
  });
});

describe('key event schemas', () => {
  const enumOf = (name: keyof typeof KEY_EVENTS, field: string) => (KEY_EVENTS[name].payload as PayloadSchema)[field]?.enum;

  it("list the module's own values: key types, statuses and deletion reasons", () => {
    expect(enumOf('key.registered', 'key_type')).toEqual(PIX_KEY_TYPES);
    expect(enumOf('key.deleted', 'key_type')).toEqual(PIX_KEY_TYPES);
    expect(enumOf('key.deleted', 'reason')).toEqual(KEY_DELETION_REASONS);
    expect([...(enumOf('key.registered', 'status') ?? []), ...(enumOf('key.deleted', 'status') ?? [])].sort()).toEqual(
      [...PIX_KEY_STATUSES].sort(),
    );
  });
});
