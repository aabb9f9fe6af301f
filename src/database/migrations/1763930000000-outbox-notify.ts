import type { MigrationInterface, QueryRunner } from 'typeorm';

/** New outbox rows notify the relays (once per statement; Postgres delivers it at commit). */
export class OutboxNotify1763930000000 implements MigrationInterface {
  name = 'OutboxNotify1763930000000';

  async up(q: QueryRunner): Promise<void> {
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

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER outbox_messages_notify ON outbox_messages`);
    await q.query(`DROP FUNCTION outbox_notify()`);
  }
}
