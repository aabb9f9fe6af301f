/**
 * Port: runs work in one database transaction that every repository joins implicitly, so a state
 * change and its outbox events commit or roll back together without passing a manager through every
 * port. Application code depends on this; `PipelinedUnitOfWork` implements it.
 */
export abstract class UnitOfWork {
  /** Joins the surrounding transaction if there is one, else opens a new one around `work`. */
  abstract run<T>(work: () => Promise<T>): Promise<T>;

  /**
   * Inside `run`: runs `work` behind a savepoint. When `work` throws, what it wrote is undone (ROLLBACK TO
   * SAVEPOINT) and the transaction goes on with what came before it, so the caller can still write and
   * commit, e.g. the stored refusal of an idempotent request next to its claim. A failure from before the
   * savepoint still fails the transaction.
   */
  abstract withSavepoint<T>(work: () => Promise<T>): Promise<T>;

  /** Whether the caller is inside `run`. */
  abstract inTransaction(): boolean;

  /**
   * Calls `fn` once the surrounding transaction has committed (never when it rolls back); outside a
   * transaction, at once. For what must not happen before the data is visible, e.g. waking its readers.
   */
  abstract afterCommit(fn: () => void): void;

  /**
   * Inside `run`: this transaction's COMMIT answers before its WAL record reaches the disk
   * (`SET LOCAL synchronous_commit = off`). A crash in the next few hundred milliseconds may lose it, and
   * every commit after it that did not wait either; a commit that waits flushes all before it. Only for
   * state whose loss means the work runs again, never for a payment's creation, its outcome or a stored
   * refusal (docs/adr/0080-commits-that-need-not-wait-for-the-disk.md).
   */
  abstract commitWithoutWaitingForFlush(): void;

  /**
   * `statement` (one SqlSession call, not awaited inside) in a transaction of its own whose commit does not
   * wait for the disk (commitWithoutWaitingForFlush, same rules). Its statement is not awaited before the
   * COMMIT is sent, so BEGIN, the statement and COMMIT take one round trip, as an autocommit statement
   * would. Inside a caller's transaction it simply joins it: that transaction's commit decides, and waits.
   */
  async runUnflushed<T>(statement: () => Promise<T>): Promise<T> {
    if (this.inTransaction()) return statement();
    const sent = await this.run(async () => {
      this.commitWithoutWaitingForFlush();
      return { answer: statement() };
    });
    return sent.answer;
  }
}
