import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { Money } from '../../../../shared/money/money.js';
import { PAGE_TOTAL_CAP } from '../../../../shared/persistence/page-window.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { ChargeRepository, type ChargeFilter } from '../../application/charge.repository.js';
import { Charge, type ChargeStatus } from '../../domain/charge.aggregate.js';
import { DueDateTerms } from '../../domain/due-date-terms.value-object.js';
import type { ChargeOrmEntity } from './charge.orm-entity.js';

/** A row as the SELECTs below return it: money as text, jsonb parsed by pg. */
type Row = Omit<ChargeOrmEntity, 'amount' | 'paidAmount'> & { amount: string; paidAmount: string | null };

const COLUMNS = `id, client_id AS "clientId", account_id AS "accountId", txid, reference, description, amount::text,
  pix_key AS "pixKey", pix_key_type AS "pixKeyType", expected_payer AS "expectedPayer", expires_at AS "expiresAt",
  terms, details, metadata, qr_code_text AS "qrCodeText", registry_document_id AS "registryDocumentId", status,
  paid_amount::text AS "paidAmount", end_to_end_id AS "endToEndId", payer, paid_at AS "paidAt",
  cancelled_at AS "cancelledAt", expired_at AS "expiredAt", created_at AS "createdAt", updated_at AS "updatedAt",
  revision, location_id::text AS "locationId"`;

function toDomain(r: Row): Charge {
  const { dueDate: _dueDate, ...rest } = r;
  return Charge.restore({
    ...rest,
    // The `terms` column holds the value's own fields (docs/adr/0203-camel-case-commands-one-due-date-terms.md).
    terms: r.terms === null ? null : DueDateTerms.of(r.terms),
    amount: Money.of(r.amount),
    paidAmount: r.paidAmount === null ? null : Money.of(r.paidAmount),
    status: r.status as ChargeStatus,
    locationId: r.locationId === null ? null : Number(r.locationId),
  });
}

/** The list's WHERE over `c`, every value a bound parameter (docs/adr/0087-values-travel-as-bound-parameters.md). */
function listWhere(f: ChargeFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [f.clientId];
  const where = ['c.client_id = $1'];
  const bind = (value: unknown) => `$${params.push(value)}`;
  // A pending charge past its expiry is expired as of `asOf` (isLapsed: now >= expires_at).
  if (f.status === 'pending') where.push(`c.status = 'pending' AND c.expires_at > ${bind(f.asOf)}`);
  else if (f.status === 'expired') where.push(`(c.status = 'expired' OR (c.status = 'pending' AND c.expires_at <= ${bind(f.asOf)}))`);
  else if (f.status) where.push(`c.status = ${bind(f.status)}`);
  if (f.createdFrom) where.push(`c.created_at >= ${bind(f.createdFrom)}`);
  if (f.createdTo) where.push(`c.created_at <= ${bind(f.createdTo)}`);
  if (f.txid) where.push(`c.txid = ${bind(f.txid)}`);
  if (f.reference) where.push(`c.reference = ${bind(f.reference)}`);
  if (f.dueDateFrom) where.push(`c.due_date >= ${bind(f.dueDateFrom)}::date`);
  if (f.dueDateTo) where.push(`c.due_date <= ${bind(f.dueDateTo)}::date`);
  if (f.payerDocument) where.push(`c.expected_payer->>'document' = ${bind(f.payerDocument)}`);
  if (f.kind === 'immediate') where.push('c.due_date IS NULL');
  if (f.kind === 'dueDate') where.push('c.due_date IS NOT NULL');
  const linkedNow = 'EXISTS (SELECT 1 FROM api_pix_locations l WHERE l.id = c.location_id AND l.charge_id = c.id)';
  if (f.locationPresent === true) where.push(`(c.location_id IS NULL OR ${linkedNow})`);
  if (f.locationPresent === false) where.push(`(c.location_id IS NOT NULL AND NOT ${linkedNow})`);
  return { where: where.join(' AND '), params };
}
/** The unique index of a txid within one client's charges. */
const TXID_INDEX = 'uq_cash_in_charges_client_txid';

const json = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

@Injectable()
export class SqlChargeRepository extends ChargeRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  async insert(charge: Charge): Promise<void> {
    const c = charge.snapshot;
    try {
      await this.insertRow(charge);
    } catch (err) {
      // The per-client txid index (migration 1764292900000): a client's own txid used twice.
      if ((err as { code?: string; constraint?: string }).constraint === TXID_INDEX) {
        throw new DomainError('TXID_IN_USE', `txid ${c.txid} is already used by one of your charges`);
      }
      throw err;
    }
  }

  private async insertRow(charge: Charge): Promise<void> {
    const c = charge.snapshot;
    await this.sql.write(
      `INSERT INTO cash_in_charges (id, client_id, account_id, txid, reference, description, amount, pix_key, pix_key_type,
         expected_payer, expires_at, due_date, terms, details, metadata, qr_code_text, registry_document_id, status,
         created_at, updated_at, location_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12::date, $13::jsonb, $14::jsonb, $15::jsonb, $16, $17, $18, $19, $20, $21)`,
      [
        c.id,
        c.clientId,
        c.accountId,
        c.txid,
        c.reference,
        c.description,
        c.amount.toFixed6(),
        c.pixKey,
        c.pixKeyType,
        json(c.expectedPayer),
        c.expiresAt,
        c.terms?.dueDate ?? null,
        json(c.terms), // its fields, as they are read back
        JSON.stringify(c.details),
        json(c.metadata),
        c.qrCodeText,
        c.registryDocumentId,
        c.status,
        c.createdAt,
        c.updatedAt,
        c.locationId,
      ],
    );
  }

  async update(charge: Charge): Promise<void> {
    const c = charge.snapshot;
    await this.sql.write(
      `UPDATE cash_in_charges SET status = $2, paid_amount = $3, end_to_end_id = $4, payer = $5::jsonb, paid_at = $6,
              cancelled_at = $7, expired_at = $8, updated_at = $9, expires_at = $10, expected_payer = $11::jsonb,
              description = $12, details = $13::jsonb
       WHERE id = $1`,
      [
        c.id,
        c.status,
        c.paidAmount?.toFixed6() ?? null,
        c.endToEndId,
        json(c.payer),
        c.paidAt,
        c.cancelledAt,
        c.expiredAt,
        c.updatedAt,
        // What a revision (API Pix PATCH /cob) may change.
        c.expiresAt,
        json(c.expectedPayer),
        c.description,
        // A due-date charge's payer address (API Pix PATCH /cobv) is kept with the details.
        JSON.stringify(c.details),
      ],
    );
  }

  async lock(id: string): Promise<Charge | null> {
    const [row] = await this.sql.read<Row>(`SELECT ${COLUMNS} FROM cash_in_charges WHERE id = $1 FOR UPDATE`, [id]);
    return row ? toDomain(row) : null;
  }

  async findById(id: string): Promise<Charge | null> {
    const [row] = await this.sql.read<Row>(`SELECT ${COLUMNS} FROM cash_in_charges WHERE id = $1`, [id]);
    return row ? toDomain(row) : null;
  }

  async findServedAt(key: string): Promise<Charge | null> {
    // A location's token (api_pix_locations, the charge linked now), else a charge's own id when it was issued at
    // no location: a charge issued at one is never served at its id (docs/adr/0238-api-pix-locations-are-the-clients-own.md).
    const [row] = await this.sql.read<Row>(
      `SELECT ${COLUMNS} FROM cash_in_charges WHERE id = (
         SELECT charge_id FROM api_pix_locations WHERE access_token = $1 AND charge_id IS NOT NULL
         UNION ALL SELECT id FROM cash_in_charges WHERE id = $1 AND location_id IS NULL
         LIMIT 1)`,
      [key],
    );
    return row ? toDomain(row) : null;
  }

  async findByTxid(clientId: string, txid: string): Promise<Charge | null> {
    // Served by uq_cash_in_charges_client_txid.
    const [row] = await this.sql.read<Row>(`SELECT ${COLUMNS} FROM cash_in_charges WHERE client_id = $1 AND txid = $2`, [clientId, txid]);
    return row ? toDomain(row) : null;
  }

  async lockLapsed(now: Date, limit: number): Promise<Charge[]> {
    // Served by ix_cash_in_charges_pending_expiry.
    const rows = await this.sql.read<Row>(
      `SELECT ${COLUMNS} FROM cash_in_charges WHERE status = 'pending' AND expires_at <= $1
       ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
    return rows.map(toDomain);
  }

  async list(f: ChargeFilter): Promise<{ items: Charge[]; total: number }> {
    const { where, params } = listWhere(f);
    // Served by ix_cash_in_charges_client_created (and _client_reference_created, uq_cash_in_charges_txid).
    // The total after the page, on the same connection, as the transaction list does.
    const page = [...params, f.limit, f.offset];
    const rows = await this.sql.read<Row>(
      `SELECT ${COLUMNS} FROM cash_in_charges c WHERE ${where}
       ORDER BY c.created_at DESC, c.id DESC LIMIT $${page.length - 1} OFFSET $${page.length}`,
      page,
    );
    const capped = [...params, PAGE_TOTAL_CAP];
    const [counted] = await this.sql.read<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT 1 FROM cash_in_charges c WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT $${capped.length}) capped`,
      capped,
    );
    return { items: rows.map(toDomain), total: counted!.n }; // a COUNT always answers one row
  }
}
