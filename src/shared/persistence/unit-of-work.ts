/**
 * Port: runs work in one database transaction that every repository joins implicitly, so a state
 * change and its outbox events commit or roll back together without passing a manager through every
 * port. Application code depends on this; `TypeOrmUnitOfWork` implements it.
 */
export abstract class UnitOfWork {
  /** Joins the surrounding transaction if there is one, else opens a new one around `work`. */
  abstract run<T>(work: () => Promise<T>): Promise<T>;

  /** Whether the caller is inside `run`. */
  abstract inTransaction(): boolean;

  /**
   * Calls `fn` once the surrounding transaction has committed (never when it rolls back); outside a
   * transaction, at once. For what must not happen before the data is visible, e.g. waking its readers.
   */
  abstract afterCommit(fn: () => void): void;
}
