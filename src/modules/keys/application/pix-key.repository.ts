import type { PixKey } from '../domain/pix-key.aggregate.js';

/** Port to the Pix keys registered at this service (active and deleted). */
export abstract class PixKeyRepository {
  /** Inserts an active key; a value already active anywhere throws KEY_ALREADY_EXISTS, also under a race. */
  abstract insert(key: PixKey): Promise<void>;
  abstract save(key: PixKey): Promise<void>;
  /** The active key with this value, whoever holds it. */
  abstract findActiveByValue(keyValue: string): Promise<PixKey | null>;
  /** The client's own active key with this value, row-locked for a state change. */
  abstract findOwnActiveForUpdate(clientId: string, keyValue: string): Promise<PixKey | null>;
  /** The client's active keys, oldest first. */
  abstract listActiveByClient(clientId: string): Promise<PixKey[]>;
  /**
   * Serialises registrations on one account until the transaction ends, then counts its active
   * keys, so two concurrent registrations cannot both take the last free slot.
   */
  abstract countActiveOnAccountLocked(accountId: string): Promise<number>;
}
