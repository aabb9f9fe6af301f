/** What a mapper sees of a database error: the driver's own fields. */
export interface DatabaseErrorFields {
  code?: string;
  constraint?: string;
}

/** Turns a database error of one statement into the domain's refusal, or null when the error is not its own. */
export type ErrorMapper = (err: DatabaseErrorFields) => Error | null;

/**
 * Port: the statements of the current unit of work (docs/architecture.md, "Persistence"). Infrastructure
 * repositories depend on this, never on how statements travel.
 *
 * Values travel only as bound parameters (`$1`, `$2`, ...): the text of a statement is fixed in the code.
 * Inside `UnitOfWork.run` a statement joins the open transaction; outside it runs on its own.
 *
 * A statement is sent when it is called, and fails where it is awaited, as its own mapped refusal. A
 * statement that is not awaited is still part of the transaction: its error, if any, is thrown by the
 * next statement of the transaction that is awaited, and by the commit. Statements called without
 * awaiting the one before travel together in one round trip, and run in the order they were called.
 */
export abstract class SqlSession {
  /** A statement whose rows are needed (a SELECT, or a write with RETURNING). */
  abstract read<T>(sql: string, params?: readonly unknown[], mapError?: ErrorMapper): Promise<T[]>;

  /** A statement whose rows are not needed; resolves to the number of rows it touched. */
  abstract write(sql: string, params?: readonly unknown[], mapError?: ErrorMapper): Promise<number>;
}
