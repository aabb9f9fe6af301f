import { Injectable } from '@nestjs/common';
import { PAGE_TOTAL_CAP } from '../../../../shared/persistence/page-window.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import {
  PayloadLocationRepository,
  type LocationFilter,
  type LocationKind,
  type PayloadLocation,
} from '../../application/payload-location.repository.js';

interface Row {
  id: string;
  clientId: string;
  accessToken: string;
  tipoCob: 'cob' | 'cobv';
  chargeId: string | null;
  txid: string | null;
  createdAt: Date;
}

const TIPO_OF_KIND: Record<LocationKind, 'cob' | 'cobv'> = { immediate: 'cob', dueDate: 'cobv' };

/** The location with the txid of the charge it serves (`l`, joined to `c`). */
const SELECT = `SELECT l.id::text AS id, l.client_id AS "clientId", l.access_token AS "accessToken", l.tipo_cob AS "tipoCob",
  l.charge_id AS "chargeId", c.txid, l.created_at AS "createdAt"
  FROM api_pix_locations l LEFT JOIN cash_in_charges c ON c.id = l.charge_id`;

function toLocation(r: Row): PayloadLocation {
  return {
    id: Number(r.id),
    clientId: r.clientId,
    accessToken: r.accessToken,
    kind: r.tipoCob === 'cob' ? 'immediate' : 'dueDate',
    chargeId: r.chargeId,
    txid: r.txid,
    createdAt: r.createdAt,
  };
}

@Injectable()
export class SqlPayloadLocationRepository extends PayloadLocationRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  async insert(l: Omit<PayloadLocation, 'id' | 'chargeId' | 'txid'>): Promise<PayloadLocation> {
    const [row] = await this.sql.read<{ id: string }>(
      `INSERT INTO api_pix_locations (client_id, access_token, tipo_cob, created_at) VALUES ($1, $2, $3, $4) RETURNING id::text AS id`,
      [l.clientId, l.accessToken, TIPO_OF_KIND[l.kind], l.createdAt],
    );
    return { ...l, id: Number(row!.id), chargeId: null, txid: null };
  }

  async find(clientId: string, id: number): Promise<PayloadLocation | null> {
    const [row] = await this.sql.read<Row>(`${SELECT} WHERE l.id = $1 AND l.client_id = $2`, [id, clientId]);
    return row ? toLocation(row) : null;
  }

  async findMany(clientId: string, ids: readonly number[]): Promise<PayloadLocation[]> {
    if (ids.length === 0) return [];
    const rows = await this.sql.read<Row>(`${SELECT} WHERE l.id = ANY($1::bigint[]) AND l.client_id = $2`, [ids, clientId]);
    return rows.map(toLocation);
  }

  async link(clientId: string, id: number, kind: LocationKind, chargeId: string): Promise<boolean> {
    const linked = await this.sql.write(
      `UPDATE api_pix_locations SET charge_id = $4 WHERE id = $1 AND client_id = $2 AND tipo_cob = $3 AND charge_id IS NULL`,
      [id, clientId, TIPO_OF_KIND[kind], chargeId],
    );
    return linked === 1;
  }

  async unlink(clientId: string, id: number): Promise<PayloadLocation | null> {
    const [row] = await this.sql.read<Row>(
      `UPDATE api_pix_locations SET charge_id = NULL WHERE id = $1 AND client_id = $2
       RETURNING id::text AS id, client_id AS "clientId", access_token AS "accessToken", tipo_cob AS "tipoCob",
                 charge_id AS "chargeId", NULL::varchar AS txid, created_at AS "createdAt"`,
      [id, clientId],
    );
    return row ? toLocation(row) : null;
  }

  async list(f: LocationFilter): Promise<{ items: PayloadLocation[]; total: number }> {
    const params: unknown[] = [f.clientId, f.createdFrom, f.createdTo];
    const where = ['l.client_id = $1', 'l.created_at >= $2', 'l.created_at <= $3'];
    if (f.linked !== undefined) where.push(f.linked ? 'l.charge_id IS NOT NULL' : 'l.charge_id IS NULL');
    if (f.kind) where.push(`l.tipo_cob = $${params.push(TIPO_OF_KIND[f.kind])}`);
    const w = where.join(' AND ');
    // Served by ix_api_pix_locations_client_created; the total counted up to the cap, as the charge list does.
    const page = [...params, f.limit, f.offset];
    const rows = await this.sql.read<Row>(
      `${SELECT} WHERE ${w} ORDER BY l.created_at, l.id LIMIT $${page.length - 1} OFFSET $${page.length}`,
      page,
    );
    const capped = [...params, PAGE_TOTAL_CAP];
    const [counted] = await this.sql.read<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM api_pix_locations l WHERE ${w} LIMIT $${capped.length}) capped`,
      capped,
    );
    return { items: rows.map(toLocation), total: counted!.n };
  }
}
