import { isDateTime } from '../../../../shared/http/is-date-time.validator.js';
import { MAX_OFFSET } from '../../../../shared/http/page.query.js';
import type { LocationFilter } from '../../../cash-in/application/payload-locations.js';
import { ApiPixProblem, queryProblem, type Violacao } from '../../domain/api-pix-problem.js';
import { DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE } from './cob-list.query.js';

/** `ParametrosConsultaPayloadLocation`: the filters as the answer repeats them, with the page it shows. */
export interface LocListParams {
  inicio: string;
  fim: string;
  txIdPresente?: boolean;
  tipoCob?: 'cob' | 'cobv';
  paginacao: { paginaAtual: number; itensPorPagina: number };
}

const KNOWN = ['inicio', 'fim', 'txIdPresente', 'tipoCob', 'paginacao.paginaAtual', 'paginacao.itensPorPagina'];
const PAGE_NUMBER = /^\d{1,9}$/;

/**
 * `GET /loc` (docs/reference/api-pix-2.9.0.yaml): its query read into the locations' filter, bounded as `GET /cob`
 * (docs/api-pix.md). What `PayloadLocationConsultaInvalida` lists is refused with one violation per parameter:
 * a missing or non-RFC 3339 `inicio`/`fim`, `fim` before `inicio`, a page number or size out of bounds (or the
 * page past the list's window, docs/adr/0052-lists-cost-a-page-not-a-history.md), a `txIdPresente` or `tipoCob`
 * out of the schema, a parameter the spec does not name.
 */
export function locListQuery(raw: Record<string, unknown>, clientId: string): { filter: LocationFilter; params: LocListParams } {
  const violations: Violacao[] = [];
  const refuse = (propriedade: string, razao: string, valor?: unknown) =>
    violations.push({ razao, propriedade, ...(typeof valor === 'string' ? { valor } : {}) });
  for (const name of Object.keys(raw)) if (!KNOWN.includes(name)) refuse(name, `O parâmetro ${name} não existe nesta consulta.`);
  const text = (name: string): string | undefined => {
    const v = raw[name];
    if (v === undefined) return undefined;
    if (typeof v === 'string') return v;
    refuse(name, `O parâmetro ${name} foi informado mais de uma vez.`);
    return undefined;
  };
  const instant = (name: 'inicio' | 'fim'): string | undefined => {
    const v = text(name);
    if (raw[name] === undefined) refuse(name, `O parâmetro ${name} é obrigatório.`);
    else if (v !== undefined && !isDateTime(v)) refuse(name, `O parâmetro ${name} não respeita o _schema_ (RFC 3339).`, v);
    else return v;
    return undefined;
  };
  const inicio = instant('inicio');
  const fim = instant('fim');
  if (inicio && fim && Date.parse(fim) < Date.parse(inicio)) refuse('fim', 'O timestamp fim é anterior ao timestamp inicio.', fim);

  const presence = text('txIdPresente');
  if (presence !== undefined && presence !== 'true' && presence !== 'false') {
    refuse('txIdPresente', 'O parâmetro txIdPresente deve ser true ou false.', presence);
  }
  const tipoCob = text('tipoCob');
  if (tipoCob !== undefined && tipoCob !== 'cob' && tipoCob !== 'cobv')
    refuse('tipoCob', 'O parâmetro tipoCob deve ser cob ou cobv.', tipoCob);

  const pageNumber = (name: string, fallback: number, min: number, max: number): number => {
    const v = text(name);
    if (v === undefined) return fallback;
    if (!PAGE_NUMBER.test(v) || Number(v) < min || Number(v) > max) {
      refuse(name, `O parâmetro ${name} deve ser um inteiro de ${min} a ${max}.`, v);
      return fallback;
    }
    return Number(v);
  };
  const paginaAtual = pageNumber('paginacao.paginaAtual', 0, 0, 999_999_999);
  const itensPorPagina = pageNumber('paginacao.itensPorPagina', DEFAULT_ITEMS_PER_PAGE, 1, MAX_ITEMS_PER_PAGE);
  if (paginaAtual * itensPorPagina > MAX_OFFSET) {
    refuse('paginacao.paginaAtual', `A página começa depois do item ${MAX_OFFSET}; restrinja o intervalo inicio-fim.`, String(paginaAtual));
  }
  if (violations.length > 0) throw new ApiPixProblem(queryProblem('loc', violations));

  const linked = presence === undefined ? undefined : presence === 'true';
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
