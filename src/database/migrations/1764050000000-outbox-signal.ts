import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * New outbox rows no longer NOTIFY: Postgres takes one database-wide lock from a notifying transaction's
 * pre-commit until its commit is flushed, so every payment's commit queued behind the others' (sampled
 * under load: a third of the active sessions waited on it). The process that commits now wakes the relays
 * itself, in-process and through Redis (src/shared/outbox/outbox-signal.ts); the fallback poll stays.
 */
export class OutboxSignal1764050000000 implements MigrationInterface {
  name = 'OutboxSignal1764050000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS outbox_messages_notify ON outbox_messages`);
    await q.query(`DROP FUNCTION IF EXISTS outbox_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('outbox_messages', '');
        RETURN NULL;
      END
      $$`);
    await q.query(
      `CREATE TRIGGER outbox_messages_notify AFTER INSERT ON outbox_messages FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify()`,
    );
  }
}
