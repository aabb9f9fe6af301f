// The PostgreSQL server's log, read by the e2e suite to prove that no value of a request body reaches it
// (docs/adr/0087-values-travel-as-bound-parameters.md). Used by global setup and teardown.
import { closeSync, existsSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the server writes its log: PG_SERVER_LOG when set; else the collector's current file; else the
 * file Debian's pg_ctlcluster sends stderr to (/var/log/postgresql/postgresql-<major>-<cluster>.log).
 */
export async function locateServerLog(admin) {
  if (process.env.PG_SERVER_LOG) return process.env.PG_SERVER_LOG;
  const one = async (sql) => (await admin.query(sql)).rows[0];
  const { pg_current_logfile: current } = await one('SELECT pg_current_logfile()');
  if (current) {
    const { setting: dataDir } = await one(`SELECT setting FROM pg_settings WHERE name = 'data_directory'`);
    return current.startsWith('/') ? current : join(dataDir, current);
  }
  const { setting: cluster } = await one(`SELECT setting FROM pg_settings WHERE name = 'cluster_name'`);
  const { setting: version } = await one(`SELECT setting FROM pg_settings WHERE name = 'server_version_num'`);
  const major = Math.floor(Number(version) / 10000);
  if (cluster) {
    const debian = `/var/log/postgresql/postgresql-${cluster.replace('/', '-')}.log`;
    if (existsSync(debian)) return debian;
  }
  const fallback = `/var/log/postgresql/postgresql-${major}-main.log`;
  return existsSync(fallback) ? fallback : null;
}

export function sizeOf(file) {
  return statSync(file).size;
}

/** The log written since `offset`, as records (a line with its continuation lines), of the databases named `dbPrefix…`. */
export function recordsSince(file, offset, dbPrefix) {
  const size = statSync(file).size;
  // The log may have been rotated (truncated) during the run: then read it whole.
  const from = size >= offset ? offset : 0;
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(size - from);
  try {
    readSync(fd, buffer, 0, buffer.length, from);
  } finally {
    closeSync(fd);
  }
  const records = [];
  for (const line of buffer.toString('utf8').split('\n')) {
    if (/^\d{4}-\d{2}-\d{2} /.test(line) || records.length === 0) records.push(line);
    else records[records.length - 1] += `\n${line}`;
  }
  return records.filter((r) => r.includes(`@${dbPrefix}`));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every .ts file under `dir`, read into one text. */
export function codeText(dir) {
  let text = '';
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) text += codeText(path);
    else if (entry.name.endsWith('.ts')) text += readFileSync(path, 'utf8');
  }
  return text;
}

/**
 * The values worth looking for: strings of request bodies that could only be in the log because a
 * request sent them. Left out: short strings, amounts and other short numbers (a timestamp holds them by
 * chance), and UUIDs (this service's own ids, which clients send back). Literals of the code (enum values
 * such as `checking`, which SQL texts hold too) are left out by the caller, among the values found.
 */
export function distinctiveValues(values) {
  const keep = new Set();
  for (const v of values) {
    if (typeof v !== 'string' || v.length < 6 || UUID.test(v)) continue;
    if (!/\p{L}/u.test(v) && !/\d{8,}/.test(v)) continue;
    keep.add(v);
  }
  return [...keep];
}
