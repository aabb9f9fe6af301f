import { PixKey, type KeyRegistration } from './pix-key.aggregate.js';

const now = new Date('2025-11-20T12:00:00.000Z');
const later = new Date('2025-11-21T08:30:00.000Z');

function registration(over: Partial<KeyRegistration> = {}): KeyRegistration {
  return {
    id: 'key-1',
    clientId: 'client-1',
    accountId: 'account-1',
    keyType: 'EMAIL',
    requestedValue: 'maria@example.com',
    holder: { document: '52998224725', personType: 'NATURAL_PERSON' },
    activeKeysOnAccount: 0,
    newEvp: () => '3f1c2b8e-9a4d-4c6e-8f7a-1b2c3d4e5f60',
    now,
    ...over,
  };
}

describe('PixKey', () => {
  it('registers an active key and records key.registered for webhooks', () => {
    const key = PixKey.register(registration());
    expect(key.snapshot).toMatchObject({ status: 'active', keyValue: 'maria@example.com', createdAt: now, deletedAt: null });
    expect(key.pullEvents()).toEqual([
      {
        type: 'key.registered',
        aggregateId: 'key-1',
        clientId: 'client-1',
        webhook: true,
        payload: {
          id: 'key-1',
          account_id: 'account-1',
          key_type: 'EMAIL',
          key_value: 'maria@example.com',
          status: 'active',
          created_at: now.toISOString(),
        },
      },
    ]);
    expect(key.pullEvents()).toEqual([]);
  });

  it('stores the generated value of an EVP key', () => {
    const key = PixKey.register(registration({ keyType: 'EVP', requestedValue: undefined }));
    expect(key.snapshot.keyValue).toBe('3f1c2b8e-9a4d-4c6e-8f7a-1b2c3d4e5f60');
  });

  it('refuses a sixth key on a natural person’s account', () => {
    expect(() => PixKey.register(registration({ activeKeysOnAccount: 5 }))).toThrow(expect.objectContaining({ code: 'KEY_LIMIT_REACHED' }));
  });

  it('refuses an invalid value before counting keys', () => {
    expect(() => PixKey.register(registration({ requestedValue: 'MARIA@example.com', activeKeysOnAccount: 5 }))).toThrow(
      expect.objectContaining({ code: 'INVALID_PIX_KEY' }),
    );
  });

  it('deletes once, with the reason, and records key.deleted', () => {
    const key = PixKey.register(registration());
    key.pullEvents();
    key.delete('FRAUD', later);
    expect(key.snapshot).toMatchObject({ status: 'deleted', deletionReason: 'FRAUD', deletedAt: later, updatedAt: later });
    expect(key.pullEvents()).toEqual([
      expect.objectContaining({
        type: 'key.deleted',
        webhook: true,
        payload: expect.objectContaining({ status: 'deleted', reason: 'FRAUD', deleted_at: later.toISOString() }),
      }),
    ]);
    expect(() => key.delete('USER_REQUESTED', later)).toThrow(expect.objectContaining({ code: 'PIX_KEY_NOT_REGISTERED' }));
  });
});
