import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '../../../shared/outbox/outbox.writer.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import type { KeyDeletionReason, PixKey } from '../domain/pix-key.aggregate.js';
import { PixKeyNotRegisteredError } from '../domain/pix-key.errors.js';
import { PixKeyRepository } from './pix-key.repository.js';
import { Clock } from '../../../shared/time/clock.js';

/** Deletes one of the caller's keys (another client's key is "not registered"), freeing its value. */
@Injectable()
export class DeletePixKeyUseCase {
  constructor(
    private readonly keys: PixKeyRepository,
    private readonly outbox: OutboxWriter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(clientId: string, keyValue: string, reason: KeyDeletionReason = 'USER_REQUESTED'): Promise<PixKey> {
    return this.uow.run(async () => {
      const key = await this.keys.findOwnActiveForUpdate(clientId, keyValue);
      if (!key) throw new PixKeyNotRegisteredError();
      key.delete(reason, this.clock.now());
      await this.keys.save(key);
      await this.outbox.append(key.pullEvents());
      return key;
    });
  }
}
