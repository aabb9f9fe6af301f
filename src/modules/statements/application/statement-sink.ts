/**
 * Where a statement's text goes, a chunk at a time. `write` resolves when the reader has room for more, so a
 * slow reader slows the reading of the ledger instead of filling this process's memory.
 */
export interface StatementSink {
  write(chunk: string): Promise<void>;
}
