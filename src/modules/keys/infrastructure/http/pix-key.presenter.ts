import { maskDocument } from '../../../../shared/domain/tax-id.js';
import type { PixKeyView } from '../../application/pix-key-view.js';
import type { PixKeyDto } from './pix-key.response.js';

/** Renders a key; what identifies another client (ids, full document) stays hidden. */
export function presentPixKey({ entry, held }: PixKeyView): PixKeyDto {
  const k = held?.snapshot;
  const createdAt = k?.createdAt ?? entry.createdAt ?? null;
  return {
    id: k?.id ?? '',
    client_id: k?.clientId ?? '',
    account_id: k?.accountId ?? '',
    key_type: entry.keyType,
    key_value: entry.keyValue,
    ispb: entry.ispb,
    branch_number: entry.branch,
    account_type: entry.accountType,
    account_number: entry.accountNumber,
    person_type: entry.personType,
    tax_id: k ? entry.holderDocument : maskDocument(entry.holderDocument),
    holder_name: entry.holderName,
    dict_key_id: '',
    dict_status: 'active',
    created_at: createdAt?.toISOString() ?? null,
    updated_at: (k?.updatedAt ?? createdAt)?.toISOString() ?? null,
  };
}
