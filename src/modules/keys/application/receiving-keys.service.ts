import { Injectable } from '@nestjs/common';
import type { PixKeyType } from '../../../shared/domain/pix-key.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { PixKeyRepository } from './pix-key.repository.js';
import { RegisterPixKeyUseCase } from './register-pix-key.use-case.js';

/** A key a charge can be issued under. */
export interface ReceivingKey {
  keyType: PixKeyType;
  keyValue: string;
}

/**
 * Which of an account's keys a charge names. A Pix charge is always issued under one of the receiver's
 * keys, while the spec's charge request names none and a new client may hold none: the first charge of
 * such an account registers an EVP key for it (docs/adr/0099-the-receiving-key.md).
 */
@Injectable()
export class ReceivingKeys {
  constructor(
    private readonly keys: PixKeyRepository,
    private readonly register: RegisterPixKeyUseCase,
    private readonly uow: UnitOfWork,
  ) {}

  /** The account's oldest active key, or null when it has none. */
  async forAccount(clientId: string, accountId: string): Promise<ReceivingKey | null> {
    const key = (await this.keys.listActiveByClient(clientId)).find((k) => k.snapshot.accountId === accountId);
    return key ? { keyType: key.snapshot.keyType, keyValue: key.snapshot.keyValue } : null;
  }

  /** One of the client's own active keys, by value, with its account; null for another's key or none (tenancy: not found). */
  async ownActive(clientId: string, keyValue: string): Promise<(ReceivingKey & { accountId: string }) | null> {
    const key = await this.keys.findActiveByValue(keyValue);
    if (!key || key.snapshot.clientId !== clientId) return null;
    const k = key.snapshot;
    return { keyType: k.keyType, keyValue: k.keyValue, accountId: k.accountId };
  }

  /**
   * The account's oldest active key; without one, a new EVP key registered like any other (stored, counted
   * in the account's key limit, announced with `key.registered`) in the caller's transaction, so it commits
   * with the charge or not at all. Concurrent first charges of one account register one key: the second
   * waits on the account's registration lock and then finds the first's key.
   */
  async forCharge(clientId: string, accountId: string): Promise<ReceivingKey> {
    const held = await this.forAccount(clientId, accountId);
    if (held) return held;
    return this.uow.run(async () => {
      if ((await this.keys.countActiveOnAccountLocked(accountId)) > 0) {
        const registeredMeanwhile = await this.forAccount(clientId, accountId);
        if (registeredMeanwhile) return registeredMeanwhile;
      }
      const { entry } = await this.register.execute({ clientId, accountId, keyType: 'EVP' });
      return { keyType: entry.keyType, keyValue: entry.keyValue };
    });
  }
}
