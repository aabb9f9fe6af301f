import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsCalendarDate, IsDateTime } from '../../../../shared/http/is-date-time.validator.js';
import { IsPrintableText } from '../../../../shared/http/is-printable-text.validator.js';
import { ApiLimitDefault, PageQuery } from '../../../../shared/http/page.query.js';
import type { ListChargesQuery } from '../../application/list-charges.use-case.js';
import { TXID_PATTERN } from '../../application/txid.js';
import { CHARGE_STATUSES, type ChargeStatus } from '../../domain/charge.aggregate.js';

/** Default page size of GET /api/v1/pix/cash-in, the transaction list's (spec, Transactions: limit default 20). */
export const CHARGE_LIST_DEFAULT_LIMIT = 20;

/**
 * Filters of GET /api/v1/pix/cash-in (docs/adr/0224-the-charge-list.md): named as the transaction list's
 * (`date_from`/`date_to` on the creation instant), each optional and all bounds inclusive.
 */
@ApiLimitDefault(CHARGE_LIST_DEFAULT_LIMIT)
export class ListChargesRequest extends PageQuery {
  @ApiPropertyOptional({ enum: CHARGE_STATUSES, description: 'As GET /cash-in/{id} shows it: a pending charge past expires_at is expired' })
  @IsOptional()
  @IsIn(CHARGE_STATUSES)
  status?: ChargeStatus;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or after (RFC 3339)' })
  @IsOptional()
  @IsDateTime()
  date_from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or before (RFC 3339); not before date_from' })
  @IsOptional()
  @IsDateTime()
  date_to?: string;

  @ApiPropertyOptional({ description: 'Exact txid: the conciliation_id of the charge', example: 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G' })
  @IsOptional()
  @IsString()
  @Matches(TXID_PATTERN, { message: 'txid must be 26 to 35 letters and digits' })
  txid?: string;

  @ApiPropertyOptional({ description: 'Exact reference, as given at creation' })
  @IsOptional()
  @IsString()
  @MaxLength(140)
  @IsPrintableText()
  reference?: string;

  @ApiPropertyOptional({
    format: 'date',
    example: '2026-12-01',
    description: 'Due-date charges whose due_date is on or after this day (YYYY-MM-DD); immediate charges have none and are left out',
  })
  @IsOptional()
  @IsCalendarDate()
  due_date_from?: string;

  @ApiPropertyOptional({
    format: 'date',
    example: '2026-12-31',
    description: 'Due-date charges whose due_date is on or before this day (YYYY-MM-DD); the same day as due_date_from for one day',
  })
  @IsOptional()
  @IsCalendarDate()
  due_date_to?: string;
}

/** The use case's query for the caller `clientId`: the page's defaults applied, instants parsed. */
export function listChargesQuery(q: ListChargesRequest, clientId: string): ListChargesQuery {
  return {
    clientId,
    status: q.status,
    createdFrom: q.date_from ? new Date(q.date_from) : undefined,
    createdTo: q.date_to ? new Date(q.date_to) : undefined,
    txid: q.txid,
    reference: q.reference,
    dueDateFrom: q.due_date_from,
    dueDateTo: q.due_date_to,
    limit: q.limit ?? CHARGE_LIST_DEFAULT_LIMIT,
    offset: q.offset ?? 0,
  };
}
