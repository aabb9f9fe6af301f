import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { randomAlphanumericCnpj, randomCpf } from '../support/documents.js';

const ROOT = process.cwd();
const LAUNCHER = resolve(ROOT, 'scripts/cli.mjs');
const ENTRY = resolve(ROOT, 'dist/src/cli.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node <launcher> ...args` as a child process with this run's environment (database, Redis prefix). */
function run(launcher: string, args: string[], env: NodeJS.ProcessEnv = {}): { done: Promise<Run>; exited: () => boolean } {
  const child = spawn(process.execPath, [launcher, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let exited = false;
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Run>((res, rej) => {
    child.on('error', rej);
    child.on('close', (code) => {
      exited = true;
      res({ code, stdout, stderr });
    });
  });
  return { done, exited: () => exited };
}

/** The launcher's lock for a checkout at `root` (the same derivation as scripts/cli.mjs). */
function lockOf(root: string): string {
  return join(tmpdir(), `instant-payments-cli-build-${createHash('sha256').update(root).digest('hex').slice(0, 16)}.lock`);
}

/**
 * A throwaway checkout holding the real launcher and a fake `npm run build` that is slow (so concurrent
 * first calls overlap), counts its runs, and emits a dist/src/cli.js that echoes its argv and cwd.
 */
function fakeCheckout(): { root: string; builds: () => number; lock: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ips-cli-launcher-')));
  mkdirSync(join(root, 'scripts'));
  copyFileSync(LAUNCHER, join(root, 'scripts/cli.mjs'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'fake-checkout', private: true, scripts: { build: 'node build.mjs' } }));
  writeFileSync(
    join(root, 'build.mjs'),
    `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
appendFileSync('builds.log', 'build\\n');
if (process.env.FAKE_BUILD_FAIL) process.exit(3);
await new Promise((r) => setTimeout(r, 400));
mkdirSync('dist/src', { recursive: true });
writeFileSync('dist/src/cli.js', 'process.stdout.write(JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd() }));');
`,
  );
  const log = join(root, 'builds.log');
  return { root, lock: lockOf(root), builds: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0) };
}

describe('the CLI launcher (e2e)', () => {
  const checkouts: string[] = [];
  const checkout = () => {
    const c = fakeCheckout();
    checkouts.push(c.root);
    return c;
  };

  afterAll(() => {
    for (const root of checkouts) {
      rmSync(root, { recursive: true, force: true });
      rmSync(lockOf(root), { recursive: true, force: true });
    }
  });

  it('5 concurrent first calls build exactly once, and every call then runs the built CLI from the project root', async () => {
    const c = checkout();
    const runs = await Promise.all([1, 2, 3, 4, 5].map((i) => run(join(c.root, 'scripts/cli.mjs'), ['echo', '--n', String(i)]).done));
    expect(c.builds()).toBe(1);
    runs.forEach((r, i) => {
      expect(r.code).toBe(0);
      // Build output goes to stderr: stdout is only the command's JSON.
      expect(JSON.parse(r.stdout)).toEqual({ argv: ['echo', '--n', String(i + 1)], cwd: c.root });
    });
    expect(existsSync(c.lock)).toBe(false);

    const again = await run(join(c.root, 'scripts/cli.mjs'), ['echo']).done;
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('');
    expect(c.builds()).toBe(1);
  });

  it('waits while another process holds the build lock, then builds once it is released', async () => {
    const c = checkout();
    mkdirSync(c.lock);
    writeFileSync(join(c.lock, 'pid'), String(process.pid)); // alive: this test process
    const call = run(join(c.root, 'scripts/cli.mjs'), ['echo']);
    await new Promise((r) => setTimeout(r, 1500));
    expect(call.exited()).toBe(false);
    expect(c.builds()).toBe(0);
    rmSync(c.lock, { recursive: true });
    const r = await call.done;
    expect(r.code).toBe(0);
    expect(c.builds()).toBe(1);
  });

  it('takes over a lock whose builder died, and removes it', async () => {
    const c = checkout();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.on('close', r));
    mkdirSync(c.lock);
    writeFileSync(join(c.lock, 'pid'), String(dead.pid));
    const r = await run(join(c.root, 'scripts/cli.mjs'), ['echo']).done;
    expect(r.code).toBe(0);
    expect(c.builds()).toBe(1);
    expect(existsSync(c.lock)).toBe(false);
  });

  it('a failed build exits 1 with a JSON error on stderr and releases the lock', async () => {
    const c = checkout();
    const r = await run(join(c.root, 'scripts/cli.mjs'), ['echo'], { FAKE_BUILD_FAIL: '1' }).done;
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('"code":"CLI_BUILD_FAILED"');
    expect(existsSync(c.lock)).toBe(false);
    expect(existsSync(join(c.root, 'dist'))).toBe(false);
  });
});

describe('the CLI against the database (e2e)', () => {
  beforeAll(() => {
    // Never build the shared dist/ from a test: other suites run it.
    if (!existsSync(ENTRY)) throw new Error('dist/src/cli.js is missing: npm test builds it before the e2e suite');
  });

  it('5 parallel client:create calls all succeed with distinct clients, without rebuilding dist/', async () => {
    const before = { entry: statSync(ENTRY).mtimeMs, dist: statSync(resolve(ROOT, 'dist')).mtimeMs };
    const runs = await Promise.all(
      [1, 2, 3, 4, 5].map(
        (i) => run(LAUNCHER, ['client:create', '--name', `Cli Paralelo ${i}`, '--document', randomCpf(), '--balance', `${i}.00`]).done,
      ),
    );
    for (const r of runs) {
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    }
    const created = runs.map((r) => JSON.parse(r.stdout) as { client_id: string; account_id: string; secret_key: string });
    const ids = created.map((c) => c.client_id);
    expect(new Set(ids).size).toBe(5);
    for (const c of created) expect(c.secret_key).toMatch(/^sk_/);

    const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await db.query(`SELECT id FROM clients WHERE id = ANY($1::uuid[])`, [ids]);
      expect(rows).toHaveLength(5);
      const accounts = created.map((c) => c.account_id);
      const { rows: balances } = await db.query(
        `SELECT available::numeric(20, 2)::text AS available FROM ledger_accounts WHERE id = ANY($1::uuid[]) ORDER BY available`,
        [accounts],
      );
      expect(balances.map((b: { available: string }) => b.available)).toEqual(['1.00', '2.00', '3.00', '4.00', '5.00']);
    } finally {
      await db.end();
    }
    expect({ entry: statSync(ENTRY).mtimeMs, dist: statSync(resolve(ROOT, 'dist')).mtimeMs }).toEqual(before);
  });

  it('5 parallel first calls against a database that does not exist yet create it and migrate it once', async () => {
    const url = new URL(process.env.DATABASE_URL ?? '');
    const name = `${process.env.TEST_DB_NAME}_cli`;
    url.pathname = `/${name}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    try {
      const runs = await Promise.all(
        [1, 2, 3, 4, 5].map(() => run(LAUNCHER, ['admin:create', '--name', 'Root'], { DATABASE_URL: url.toString() }).done),
      );
      for (const r of runs) expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      try {
        const { rows } = await db.query(`SELECT name, COUNT(*)::int AS n FROM schema_migrations GROUP BY name HAVING COUNT(*) > 1`);
        expect(rows).toEqual([]);
        const { rows: admins } = await db.query(`SELECT COUNT(*)::int AS n FROM admins`);
        expect(admins).toEqual([{ n: 5 }]);
      } finally {
        await db.end();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });

  // IN RFB nº 2.229/2024: client:create takes the alphanumeric CNPJ, punctuated or not (docs/adr/0219-the-alphanumeric-cnpj.md)
  it('client:create takes an alphanumeric CNPJ, written with its punctuation, and stores it bare as a legal person', async () => {
    const cnpj = randomAlphanumericCnpj();
    const written = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    const r = await run(LAUNCHER, ['client:create', '--name', 'Loja Alfanumerica', '--document', written]).done;
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const { client_id } = JSON.parse(r.stdout) as { client_id: string };

    const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await db.query(`SELECT document, person_type FROM clients WHERE id = $1`, [client_id]);
      expect(rows).toEqual([{ document: cnpj, person_type: 'LEGAL_PERSON' }]);
    } finally {
      await db.end();
    }
  });

  // docs/adr/0219-the-alphanumeric-cnpj.md: lower-case letters are refused, never upper-cased
  it('client:create refuses an alphanumeric CNPJ in lower case (INVALID_DOCUMENT)', async () => {
    const r = await run(LAUNCHER, ['client:create', '--name', 'Loja', '--document', randomAlphanumericCnpj().toLowerCase()]).done;
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { code: 'INVALID_DOCUMENT' } });
  });

  // Resolução BCB nº 1/2020 as amended by nº 142/2021: a MEI has a natural person's nighttime Pix cap (docs/adr/0220-nighttime-start-and-mei.md)
  it('client:create --mei stores a CNPJ client as a MEI; without it a CNPJ client is none', async () => {
    const mei = await run(LAUNCHER, ['client:create', '--name', 'Ana MEI', '--document', randomAlphanumericCnpj(), '--mei']).done;
    const plain = await run(LAUNCHER, ['client:create', '--name', 'Loja', '--document', randomAlphanumericCnpj()]).done;
    expect({ code: mei.code, stderr: mei.stderr }).toEqual({ code: 0, stderr: '' });
    expect({ code: plain.code, stderr: plain.stderr }).toEqual({ code: 0, stderr: '' });
    const ids = [mei, plain].map((r) => (JSON.parse(r.stdout) as { client_id: string }).client_id);

    const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await db.query(`SELECT id, person_type, mei FROM clients WHERE id = ANY($1::uuid[])`, [ids]);
      expect(rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))).toEqual([
        { id: ids[0], person_type: 'LEGAL_PERSON', mei: true },
        { id: ids[1], person_type: 'LEGAL_PERSON', mei: false },
      ]);
    } finally {
      await db.end();
    }
  });

  it('client:create --mei with a CPF exits 1 with MEI_REQUIRES_CNPJ and creates nobody', async () => {
    const cpf = randomCpf();
    const r = await run(LAUNCHER, ['client:create', '--name', 'Ana', '--document', cpf, '--mei']).done;
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { code: 'MEI_REQUIRES_CNPJ' } });
    const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await db.query(`SELECT id FROM clients WHERE document = $1`, [cpf]);
      expect(rows).toEqual([]);
    } finally {
      await db.end();
    }
  });

  it('a rejected command exits 1 with its error code on stderr and nothing on stdout', async () => {
    const r = await run(LAUNCHER, ['client:create', '--name', 'Bad', '--document', '12345678900']).done;
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { code: 'INVALID_DOCUMENT' } });
  });
});
