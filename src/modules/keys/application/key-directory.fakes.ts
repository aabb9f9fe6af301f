import type { PixKeyType } from '../../../shared/domain/pix-key.js';
import { KeyDirectory, type DirectoryEntry } from './key-directory.js';

/**
 * An in-memory DICT for other modules' unit tests: it knows the entries `add` gave it and nothing else
 * (a miss is null, as the port says). `asked` lists every look-up, as `value/type`.
 */
export class InMemoryKeyDirectory extends KeyDirectory {
  readonly asked: string[] = [];
  private readonly entries: DirectoryEntry[] = [];

  add(entry: DirectoryEntry): DirectoryEntry {
    this.entries.push({ ...entry });
    return entry;
  }

  async resolve(keyValue: string, keyType?: PixKeyType): Promise<DirectoryEntry | null> {
    this.asked.push(`${keyValue}/${keyType ?? ''}`);
    const found = this.entries.find((e) => e.keyValue === keyValue && (!keyType || e.keyType === keyType));
    return found ? { ...found } : null;
  }
}
