import { Injectable } from '@nestjs/common';
import type { PixKeyType } from '../../../shared/domain/pix-key.js';
import { PixKeyRepository } from './pix-key.repository.js';

/** A key a charge can be issued under. */
export interface ReceivingKey {
  keyType: PixKeyType;
  keyValue: string;
}

/** Which of an account's keys a charge names (a Pix charge is always issued under one of the receiver's keys). */
@Injectable()
export class ReceivingKeys {
  constructor(private readonly keys: PixKeyRepository) {}

  /** The account's oldest active key, or null when it has none. */
  async forAccount(clientId: string, accountId: string): Promise<ReceivingKey | null> {
    const key = (await this.keys.listActiveByClient(clientId)).find((k) => k.snapshot.accountId === accountId);
    return key ? { keyType: key.snapshot.keyType, keyValue: key.snapshot.keyValue } : null;
  }
}
