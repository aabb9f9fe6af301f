import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API Pix's `loc` resource (docs/adr/0238-api-pix-locations-are-the-clients-own.md):
 *
 * - `api_pix_locations`: a client's payload location (`POST /loc`), its integer `id` (the spec's `Id`), the random
 *   `access_token` its URL ends with (`/qr/v2/<token>`, `/qr/v2/cobv/<token>`), its `tipo_cob`, and the charge it
 *   serves now (`charge_id`, at most one location per charge and one charge per location; null: free).
 * - `cash_in_charges.location_id`: the location a charge was issued at (null: its own location, `/qr/v2/<id>`).
 *   Kept when the location is unlinked: such a charge is served nowhere, never again at its own id.
 */
export class ApiPixLocations1764300000000 implements MigrationInterface {
  name = 'ApiPixLocations1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_pix_locations (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES clients(id),
        access_token uuid NOT NULL,
        tipo_cob varchar(4) NOT NULL CHECK (tipo_cob IN ('cob', 'cobv')),
        charge_id uuid NULL REFERENCES cash_in_charges(id),
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX uq_api_pix_locations_access_token ON api_pix_locations (access_token)`);
    await q.query(`CREATE UNIQUE INDEX uq_api_pix_locations_charge ON api_pix_locations (charge_id) WHERE charge_id IS NOT NULL`);
    // The list (GET /loc): a client's locations by creation.
    await q.query(`CREATE INDEX ix_api_pix_locations_client_created ON api_pix_locations (client_id, created_at, id)`);
    await q.query(`ALTER TABLE cash_in_charges ADD COLUMN location_id bigint NULL REFERENCES api_pix_locations(id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cash_in_charges DROP COLUMN location_id`);
    await q.query(`DROP TABLE api_pix_locations`);
  }
}
