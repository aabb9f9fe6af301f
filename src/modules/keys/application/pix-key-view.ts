import type { PixKey } from '../domain/pix-key.aggregate.js';
import type { DirectoryEntry } from './key-directory.js';

/**
 * What a key endpoint answers with: the directory's entry, plus the key itself when the caller
 * holds it (only then are its ids and history shown).
 */
export interface PixKeyView {
  entry: DirectoryEntry;
  held: PixKey | null;
}
