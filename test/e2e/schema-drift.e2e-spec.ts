import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata.js';
import { startApp } from '../support/test-app.js';

/**
 * The entity classes (`*.orm-entity.ts`, `ENTITIES`) are the schema declared in code; the runtime reads
 * and writes with hand-written SQL against the schema the migrations create. This test holds the two
 * equal, on the migrated database of this run: every application table has exactly one entity, every
 * entity column exists with the same type, nullability and primary key, and no table column is
 * undeclared. Each check lists every difference it finds, not just the first.
 */

/**
 * Tables in the migrated schema that are not the application's, each with why. TypeORM's own migration
 * table is added from the data source's options.
 */
const NOT_APPLICATION_TABLES: { pattern: RegExp; why: string }[] = [
  // test/e2e/unit-of-work.e2e-spec.ts creates `uow_probe_<pid>` in this run's database for its own
  // statements and drops it afterwards; it may exist while that file runs in a parallel Jest worker.
  { pattern: /^uow_probe_\d+$/, why: 'scratch table of test/e2e/unit-of-work.e2e-spec.ts' },
];

/** One column of the migrated schema, as pg_catalog describes it. */
interface DbColumn {
  name: string;
  /** The base (element, for arrays) type as `format_type` names it without modifiers: `character varying`, `integer`... */
  baseType: string;
  isArray: boolean;
  /** The type modifier of the column (of its element, for arrays); -1 when none. */
  typmod: number;
  notNull: boolean;
  /** The labels of an enum type, in order; null for any other type. */
  enumLabels: string[] | null;
}

interface DbTable {
  columns: Map<string, DbColumn>;
  primaryKey: string[];
}

/** A column type as the comparison sees it: Postgres's name for the base type plus the modifiers stated. */
interface TypeSpec {
  baseType: string;
  isArray: boolean;
  length?: number;
  precision?: number;
  scale?: number;
  enumLabels?: string[];
}

/** TypeORM's (and Postgres's own) spellings of a type, to the name `format_type` gives it. */
const CANONICAL_TYPE: Record<string, string> = {
  varchar: 'character varying',
  'character varying': 'character varying',
  char: 'character',
  character: 'character',
  text: 'text',
  citext: 'citext',
  uuid: 'uuid',
  int2: 'smallint',
  smallint: 'smallint',
  int: 'integer',
  int4: 'integer',
  integer: 'integer',
  int8: 'bigint',
  bigint: 'bigint',
  bool: 'boolean',
  boolean: 'boolean',
  numeric: 'numeric',
  decimal: 'numeric',
  float4: 'real',
  real: 'real',
  float: 'double precision',
  float8: 'double precision',
  'double precision': 'double precision',
  timestamptz: 'timestamp with time zone',
  'timestamp with time zone': 'timestamp with time zone',
  timestamp: 'timestamp without time zone',
  'timestamp without time zone': 'timestamp without time zone',
  date: 'date',
  time: 'time without time zone',
  'time without time zone': 'time without time zone',
  timetz: 'time with time zone',
  'time with time zone': 'time with time zone',
  interval: 'interval',
  jsonb: 'jsonb',
  json: 'json',
  bytea: 'bytea',
  inet: 'inet',
  // TypeORM's serialised kinds are stored as text.
  'simple-array': 'text',
  'simple-json': 'text',
};

/** Types whose type modifier is `length + 4` (VARHDRSZ). */
const LENGTH_TYPES = new Set(['character varying', 'character']);
/** Types whose type modifier is the fractional-seconds precision. */
const TIME_TYPES = new Set(['timestamp with time zone', 'timestamp without time zone', 'time without time zone', 'time with time zone']);

/** The type an entity column declares, in the comparison's terms. */
function entityType(column: ColumnMetadata): TypeSpec | string {
  const declared = column.type;
  let name: string;
  if (typeof declared === 'function') {
    // A type left to reflection: TypeORM's own mapping for Postgres.
    const reflected = new Map<unknown, string>([
      [String, 'varchar'],
      [Number, 'integer'],
      [Boolean, 'boolean'],
      [Date, 'timestamp'],
    ]).get(declared);
    if (!reflected) return `a type TypeORM reflects from ${declared.name}, which this test does not compare`;
    name = reflected;
  } else {
    name = String(declared).toLowerCase();
  }
  const spec: TypeSpec = { baseType: '', isArray: column.isArray };
  if (name === 'enum' || name === 'simple-enum') {
    spec.baseType = 'enum';
    spec.enumLabels = (column.enum ?? []).map(String);
    return spec;
  }
  const baseType = CANONICAL_TYPE[name];
  if (!baseType) return `type "${name}", which this test does not know how to compare (add it to CANONICAL_TYPE)`;
  spec.baseType = baseType;
  if (LENGTH_TYPES.has(baseType) && column.length) spec.length = Number(column.length);
  if (baseType === 'numeric') {
    if (column.precision != null) {
      spec.precision = column.precision;
      // numeric(p) is numeric(p, 0).
      spec.scale = column.scale ?? 0;
    } else if (column.scale != null) {
      spec.scale = column.scale;
    }
  }
  if (TIME_TYPES.has(baseType) && column.precision != null) spec.precision = column.precision;
  return spec;
}

/** The column's type in the same terms, with every modifier the database has. */
function dbType(column: DbColumn): TypeSpec {
  const spec: TypeSpec = { baseType: column.enumLabels ? 'enum' : column.baseType, isArray: column.isArray };
  if (column.enumLabels) spec.enumLabels = column.enumLabels;
  const typmod = column.typmod;
  if (typmod >= 0) {
    if (LENGTH_TYPES.has(column.baseType)) spec.length = typmod - 4;
    if (column.baseType === 'numeric') {
      spec.precision = ((typmod - 4) >> 16) & 0xffff;
      spec.scale = (typmod - 4) & 0xffff;
    }
    if (TIME_TYPES.has(column.baseType)) spec.precision = typmod;
  }
  return spec;
}

function describeType(spec: TypeSpec): string {
  let text = spec.baseType;
  if (spec.enumLabels) text = `enum(${spec.enumLabels.join(', ')})`;
  else if (spec.length !== undefined) text += `(${spec.length})`;
  else if (spec.precision !== undefined && spec.scale !== undefined) text += `(${spec.precision},${spec.scale})`;
  else if (spec.precision !== undefined) text += `(${spec.precision})`;
  else if (spec.scale !== undefined) text += `(?,${spec.scale})`;
  return spec.isArray ? `${text}[]` : text;
}

/** Whether the database type satisfies what the entity declares (modifiers compared only where the entity states them). */
function typeMatches(declared: TypeSpec, actual: TypeSpec): boolean {
  if (declared.baseType !== actual.baseType || declared.isArray !== actual.isArray) return false;
  if (declared.enumLabels && JSON.stringify(declared.enumLabels) !== JSON.stringify(actual.enumLabels)) return false;
  for (const modifier of ['length', 'precision', 'scale'] as const) {
    if (declared[modifier] !== undefined && declared[modifier] !== actual[modifier]) return false;
  }
  return true;
}

/** Every table of `current_schema()` with its columns and primary key. */
async function migratedSchema(db: DataSource): Promise<{ schema: string; tables: Map<string, DbTable> }> {
  const [{ schema }] = (await db.query(`SELECT current_schema() AS schema`)) as [{ schema: string }];
  const rows = (await db.query(`
    SELECT c.relname AS table_name,
           a.attname AS column_name,
           format_type(et.oid, NULL) AS base_type,
           (t.typcategory = 'A') AS is_array,
           a.atttypmod AS typmod,
           a.attnotnull AS not_null,
           CASE WHEN et.typtype = 'e' THEN
             (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = et.oid)
           END AS enum_labels
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    LEFT JOIN pg_type t ON t.oid = a.atttypid
    LEFT JOIN pg_type et ON et.oid = CASE WHEN t.typcategory = 'A' THEN t.typelem ELSE t.oid END
    WHERE c.relkind IN ('r', 'p')
    ORDER BY c.relname, a.attnum`)) as {
    table_name: string;
    column_name: string | null;
    base_type: string | null;
    is_array: boolean | null;
    typmod: number | null;
    not_null: boolean | null;
    enum_labels: string[] | null;
  }[];
  const keys = (await db.query(`
    SELECT c.relname AS table_name, array_agg(a.attname::text ORDER BY a.attname) AS columns
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (k.conkey)
    WHERE k.contype = 'p'
    GROUP BY c.relname`)) as { table_name: string; columns: string[] }[];

  const tables = new Map<string, DbTable>();
  for (const row of rows) {
    let table = tables.get(row.table_name);
    if (!table) tables.set(row.table_name, (table = { columns: new Map(), primaryKey: [] }));
    if (row.column_name === null) continue;
    table.columns.set(row.column_name, {
      name: row.column_name,
      baseType: row.base_type!,
      isArray: row.is_array!,
      typmod: row.typmod!,
      notNull: row.not_null!,
      enumLabels: row.enum_labels,
    });
  }
  for (const key of keys) {
    const table = tables.get(key.table_name);
    if (table) table.primaryKey = key.columns;
  }
  return { schema, tables };
}

/** Fails with every difference, one a line, under a heading saying what they are. */
function expectNone(what: string, differences: string[]): void {
  if (differences.length === 0) return;
  throw new Error(`${differences.length} ${what}:\n${differences.map((d) => `  - ${d}`).join('\n')}`);
}

const list = (names: string[]) => (names.length ? names.join(', ') : '(none)');

describe('schema drift: entity classes vs migrated schema (e2e)', () => {
  let app: NestExpressApplication;
  let db: DataSource;
  let schema: string;
  let tables: Map<string, DbTable>;
  let entities: EntityMetadata[];

  beforeAll(async () => {
    // The API role starts no workers: nothing but the migrations touches the schema.
    app = await startApp({ appRole: 'api' });
    db = app.get(DataSource);
    ({ schema, tables } = await migratedSchema(db));
    entities = db.entityMetadatas;
  });

  afterAll(() => app.close());

  /** The table an entity maps (entities name no schema: theirs is `current_schema()`, checked below). */
  const tableOf = (entity: EntityMetadata) => entity.tableName;

  it('has entities to compare', () => {
    expect(entities.length).toBeGreaterThan(0);
    expect(tables.size).toBeGreaterThan(0);
  });

  it('maps each table with one entity only', () => {
    const byTable = new Map<string, string[]>();
    for (const entity of entities) {
      const key = entity.tablePath;
      byTable.set(key, [...(byTable.get(key) ?? []), entity.targetName]);
    }
    expectNone(
      'tables mapped by more than one entity (one row mapping per table)',
      [...byTable].filter(([, names]) => names.length > 1).map(([table, names]) => `table ${table}: ${names.join(', ')}`),
    );
  });

  it('every entity column exists in its migrated table with the same type, nullability and primary key', () => {
    const differences: string[] = [];
    for (const entity of entities) {
      const where = `${entity.targetName} (table ${tableOf(entity)})`;
      if (entity.tableType !== 'regular') {
        differences.push(`${where}: table type "${entity.tableType}", which this test does not compare`);
        continue;
      }
      if (entity.schema && entity.schema !== schema) {
        differences.push(`${where}: declares schema "${entity.schema}", the migrations create "${schema}"`);
        continue;
      }
      const table = tables.get(tableOf(entity));
      if (!table) {
        differences.push(`${where}: no such table in the migrated schema "${schema}"`);
        continue;
      }
      for (const column of entity.columns) {
        if (column.isVirtual || column.isVirtualProperty) continue;
        const at = `${where}, column ${column.databaseName} (property ${column.propertyPath})`;
        const actual = table.columns.get(column.databaseName);
        if (!actual) {
          differences.push(`${at}: no such column in the table`);
          continue;
        }
        const declared = entityType(column);
        if (typeof declared === 'string') {
          differences.push(`${at}: ${declared}`);
        } else if (!typeMatches(declared, dbType(actual))) {
          differences.push(`${at}: entity type ${describeType(declared)}, table type ${describeType(dbType(actual))}`);
        }
        if (column.isNullable === actual.notNull) {
          differences.push(
            `${at}: entity says ${column.isNullable ? 'nullable' : 'NOT NULL'}, table says ${actual.notNull ? 'NOT NULL' : 'nullable'}`,
          );
        }
      }
      const entityKey = entity.primaryColumns.map((c) => c.databaseName).sort();
      const tableKey = [...table.primaryKey].sort();
      if (JSON.stringify(entityKey) !== JSON.stringify(tableKey)) {
        differences.push(`${where}: entity primary key (${list(entityKey)}), table primary key (${list(tableKey)})`);
      }
    }
    expectNone('differences between entity columns and the migrated schema', differences);
  });

  it('every table of the migrated schema has an entity that declares all its columns', () => {
    const ignored = [
      { pattern: new RegExp(`^${db.options.migrationsTableName ?? 'migrations'}$`), why: "TypeORM's migration table" },
      ...NOT_APPLICATION_TABLES,
    ];
    const declared = new Map<string, Set<string>>();
    for (const entity of entities) {
      const columns = declared.get(tableOf(entity)) ?? new Set<string>();
      for (const column of entity.columns) columns.add(column.databaseName);
      declared.set(tableOf(entity), columns);
    }
    const differences: string[] = [];
    for (const [name, table] of [...tables].sort(([a], [b]) => a.localeCompare(b))) {
      if (ignored.some((i) => i.pattern.test(name))) continue;
      const columns = declared.get(name);
      if (!columns) {
        differences.push(`table ${name} (${list([...table.columns.keys()])}): no entity maps it`);
        continue;
      }
      const undeclared = [...table.columns.keys()].filter((c) => !columns.has(c));
      if (undeclared.length) differences.push(`table ${name}: columns no entity declares: ${undeclared.join(', ')}`);
    }
    expectNone('tables or columns of the migrated schema without an entity', differences);
  });
});
