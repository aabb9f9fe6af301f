/**
 * Port: the first statement of a group-committed transaction (docs/adr/0246-group-commit.md). It row-locks,
 * in one fixed order, what the batch's units of work lock first (the paying clients' balances), so two
 * batches take their locks in the same order as every other transaction and never deadlock. Sent, not
 * awaited: the batch's first unit of work travels behind it.
 */
export abstract class GroupLock {
  abstract lock(groups: string[]): Promise<unknown>;
}
