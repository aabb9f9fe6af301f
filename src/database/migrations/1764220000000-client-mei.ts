import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A client may be an individual micro-entrepreneur (MEI), whose default nighttime Pix cap is a natural
 * person's (Resolução BCB nº 1/2020 as amended by nº 142/2021; docs/adr/0220-nighttime-start-and-mei.md).
 * Only a legal person (CNPJ) can be one; every existing client is not.
 */
export class ClientMei1764220000000 implements MigrationInterface {
  name = 'ClientMei1764220000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE clients ADD COLUMN mei boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE clients ADD CONSTRAINT clients_mei_is_legal_person CHECK (NOT mei OR person_type = 'LEGAL_PERSON')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE clients DROP CONSTRAINT clients_mei_is_legal_person`);
    await q.query(`ALTER TABLE clients DROP COLUMN mei`);
  }
}
