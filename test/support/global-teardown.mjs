// Drops this run's database and deletes its Redis keys.
import pg from 'pg';
import { Redis } from 'ioredis';

export default async function globalTeardown() {
  const dbName = process.env.TEST_DB_NAME;
  if (dbName) {
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
  const prefix = process.env.REDIS_KEY_PREFIX;
  if (prefix && prefix.startsWith('ips_test_')) {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
  }
}
