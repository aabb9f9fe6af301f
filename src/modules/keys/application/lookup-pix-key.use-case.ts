import { Injectable } from '@nestjs/common';
import { PixKeyNotRegisteredError } from '../domain/pix-key.errors.js';
import { KeyDirectory } from './key-directory.js';
import { LookupThrottle } from './lookup-throttle.service.js';
import { PixKeyRepository } from './pix-key.repository.js';
import type { PixKeyView } from './pix-key-view.js';

/** Looks a key up in the directory (ours or the outside world's), under the anti-scan budget. */
@Injectable()
export class LookupPixKeyUseCase {
  constructor(
    private readonly directory: KeyDirectory,
    private readonly keys: PixKeyRepository,
    private readonly throttle: LookupThrottle,
  ) {}

  async execute(clientId: string, keyValue: string): Promise<PixKeyView> {
    await this.throttle.beforeLookup(clientId);
    const entry = await this.directory.resolve(keyValue);
    await this.throttle.afterLookup(clientId, entry !== null);
    if (!entry) throw new PixKeyNotRegisteredError();
    const held = entry.internal?.clientId === clientId ? await this.keys.findActiveByValue(entry.keyValue) : null;
    return { entry, held };
  }
}
