import pg from 'pg';

/**
 * One value as a SQL literal, for the `EXECUTE name(...)` statements TypeOrmUnitOfWork sends together in
 * one simple-protocol round trip (the extended protocol takes one statement per message).
 *
 * Every value becomes a quoted string literal (`'…'`, escaped by pg's own `escapeLiteral`) or NULL, so it
 * takes the type of the prepared statement's parameter, as a bound parameter would.
 */
export function sqlLiteral(value: unknown): string {
  const text = textOf(value);
  if (text === null) return 'NULL';
  // A NUL would end the query text early on the wire; PostgreSQL cannot store one either (22021).
  if (text.includes('\0')) throw Object.assign(new Error('invalid byte sequence: 0x00'), { code: '22021' });
  return pg.escapeLiteral(text);
}

function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`SQL parameter is not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('SQL parameter is an invalid Date');
    return value.toISOString();
  }
  if (Array.isArray(value)) return arrayText(value);
  if (typeof value === 'object') return JSON.stringify(value);
  throw new Error(`SQL parameter of type ${typeof value} cannot be written as a literal`);
}

/** A one-dimensional array in PostgreSQL's array input format: {"a","b",NULL}. */
function arrayText(items: readonly unknown[]): string {
  const parts = items.map((item) => {
    if (Array.isArray(item)) throw new Error('nested arrays are not supported as SQL parameters');
    const text = textOf(item);
    return text === null ? 'NULL' : `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${parts.join(',')}}`;
}
