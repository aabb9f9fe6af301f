import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The queue board needs `admin:queues:read` to read and `admin:queues:write` to retry, promote, clean or
 * pause (docs/adr/0179-queue-board-auth.md). Every admin key could do all of that before; existing
 * admin keys keep that access (a token still carries only the scopes it asks for), new ones get the
 * scopes from `admin:create`.
 */
export class QueueBoardScopes1764020000000 implements MigrationInterface {
  name = 'QueueBoardScopes1764020000000';

  async up(q: QueryRunner): Promise<void> {
    for (const scope of ['admin:queues:read', 'admin:queues:write']) {
      await q.query(`UPDATE api_keys SET scopes = array_append(scopes, $1) WHERE owner_kind = 'admin' AND NOT ($1 = ANY(scopes))`, [scope]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE api_keys SET scopes = array_remove(array_remove(scopes, 'admin:queues:read'), 'admin:queues:write') WHERE owner_kind = 'admin'`,
    );
  }
}
