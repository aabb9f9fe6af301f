import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payload-location module's development signing keys (docs/adr/0206-payload-signing-key.md): outside
 * production, the key and self-signed certificate that sign the payloads of our dynamic QR codes are made at
 * the first start and kept here, one per PIX_QR_BASE_URL host, so every process of a deployment signs with
 * the same key. Production never reads this table (its key comes from the environment).
 */
export class PayloadSigningKeys1764204100000 implements MigrationInterface {
  name = 'PayloadSigningKeys1764204100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payload_signing_keys (
        host varchar(255) PRIMARY KEY,
        private_key_pem text NOT NULL,
        certificate_pem text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payload_signing_keys`);
  }
}
