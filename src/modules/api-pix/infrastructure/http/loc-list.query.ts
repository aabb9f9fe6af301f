import type { LocationFilter } from '../../../cash-in/application/payload-locations.js';
import { ApiPixQuery } from './api-pix-query.js';

/** `ParametrosConsultaPayloadLocation`: the filters as the answer repeats them, with the page it shows. */
export interface LocListParams {
  inicio: string;
  fim: string;
  txIdPresente?: boolean;
  tipoCob?: 'cob' | 'cobv';
  paginacao: { paginaAtual: number; itensPorPagina: number };
}

const KNOWN = ['inicio', 'fim', 'txIdPresente', 'tipoCob'];

/**
 * `GET /loc` (docs/reference/api-pix-2.9.0.yaml): its query read into the locations' filter, bounded as `GET /cob`
 * (docs/api-pix.md). What `PayloadLocationConsultaInvalida` lists is refused with one violation per parameter:
 * a missing or non-RFC 3339 `inicio`/`fim`, `fim` before `inicio`, a page number or size out of bounds (or the
 * page past the list's window, docs/adr/0052-lists-cost-a-page-not-a-history.md), a `txIdPresente` or `tipoCob`
 * out of the schema, a parameter the spec does not name.
 */
export function locListQuery(raw: Record<string, unknown>, clientId: string): { filter: LocationFilter; params: LocListParams } {
  const q = new ApiPixQuery(raw, KNOWN);
  const { inicio, fim } = q.period(true);
  const linked = q.flag('txIdPresente');
  const tipoCob = q.text('tipoCob');
  if (tipoCob !== undefined && tipoCob !== 'cob' && tipoCob !== 'cobv')
    q.refuse('tipoCob', 'O parâmetro tipoCob deve ser cob ou cobv.', tipoCob);
  const { paginaAtual, itensPorPagina } = q.page();
  q.done('loc');

  const kind = tipoCob === undefined ? undefined : tipoCob === 'cob' ? ('immediate' as const) : ('dueDate' as const);
  return {
    params: {
      inicio: inicio!,
      fim: fim!,
      ...(linked !== undefined ? { txIdPresente: linked } : {}),
      ...(tipoCob !== undefined ? { tipoCob: tipoCob as 'cob' | 'cobv' } : {}),
      paginacao: { paginaAtual, itensPorPagina },
    },
    filter: {
      clientId,
      createdFrom: new Date(inicio!),
      createdTo: new Date(fim!),
      ...(linked !== undefined ? { linked } : {}),
      ...(kind ? { kind } : {}),
      limit: itensPorPagina,
      offset: paginaAtual * itensPorPagina,
    },
  };
}
