import type { ChargeStatus, MerchantChargeQuery } from '../../../cash-in/application/merchant-charges.js';
import type { ProblemResource } from '../../domain/api-pix-problem.js';
import { COB_STATUS } from '../../domain/cob-status.js';
import { ApiPixQuery } from './api-pix-query.js';

/** `ParametrosConsultaCob`: the filters as the answer repeats them, with the page it shows. */
export interface CobListParams {
  inicio: string;
  fim: string;
  cpf?: string;
  cnpj?: string;
  locationPresente?: boolean;
  status?: string;
  paginacao: { paginaAtual: number; itensPorPagina: number };
}

/** What a list request asks: the charge list query (null: nothing can match), and its parameters. */
export interface CobList {
  query: MerchantChargeQuery | null;
  params: CobListParams;
}

const STATE_OF_STATUS = Object.fromEntries(Object.entries(COB_STATUS).map(([state, status]) => [status, state])) as Record<
  string,
  ChargeStatus
>;
const KNOWN = ['inicio', 'fim', 'cpf', 'cnpj', 'locationPresente', 'status'];

/**
 * `GET /cob` and `GET /cobv` (docs/reference/api-pix-2.9.0.yaml): their query read into the charge list's
 * (docs/adr/0231-api-pix-charge-lists.md). Anything the spec's `CobConsultaInvalida` / `CobVConsultaInvalida`
 * lists is refused with one violation per parameter: a missing or non-RFC 3339 `inicio`/`fim`, `fim` before
 * `inicio`, `cpf` and `cnpj` together, a page number or size out of the schema (or the page past the list's
 * window, docs/adr/0052-lists-cost-a-page-not-a-history.md), an unknown `status`, a parameter the spec does not
 * name. `extra` names parameters the operation accepts and that match nothing here (`loteCobVId`).
 */
export function cobListQuery(raw: Record<string, unknown>, resource: ProblemResource, clientId: string, extra: string[] = []): CobList {
  const q = new ApiPixQuery(raw, [...KNOWN, ...extra]);
  for (const name of extra) q.matching(name, /^-?\d{1,10}$/, 'um inteiro');
  const { inicio, fim } = q.period(true);
  const { cpf, cnpj } = q.document();
  const presence = q.flag('locationPresente');
  const status = q.text('status');
  if (status !== undefined && !(status in STATE_OF_STATUS)) {
    q.refuse('status', `O parâmetro status deve ser um de ${Object.keys(STATE_OF_STATUS).join(', ')}.`, status);
  }
  const { paginaAtual, itensPorPagina } = q.page();
  q.done(resource);

  const params: CobListParams = {
    inicio: inicio!,
    fim: fim!,
    ...(cpf !== undefined ? { cpf } : {}),
    ...(cnpj !== undefined ? { cnpj } : {}),
    ...(presence !== undefined ? { locationPresente: presence } : {}),
    ...(status !== undefined ? { status } : {}),
    paginacao: { paginaAtual, itensPorPagina },
  };
  // A charge is served at its own location or at the API Pix location it was issued at; only an immediate charge
  // unlinked from its location since has none (a cobv keeps showing its location: docs/adr/0238).
  const nothing = (presence === false && resource === 'cobv') || extra.some((name) => raw[name] !== undefined);
  return {
    params,
    query: nothing
      ? null
      : {
          clientId,
          kind: resource === 'cob' ? 'immediate' : 'dueDate',
          createdFrom: new Date(inicio!),
          createdTo: new Date(fim!),
          ...(status !== undefined ? { status: STATE_OF_STATUS[status] } : {}),
          ...((cpf ?? cnpj) !== undefined ? { payerDocument: (cpf ?? cnpj)! } : {}),
          ...(presence !== undefined && resource === 'cob' ? { locationPresent: presence } : {}),
          limit: itensPorPagina,
          offset: paginaAtual * itensPorPagina,
        },
  };
}

/** `CobsConsultadas` / `CobsVConsultadas` / `PayloadLocationConsultadas`'s `parametros`: the page counted (at least one page, the schema's minimum). */
export function listParameters<P extends { paginacao: { paginaAtual: number; itensPorPagina: number } }>(params: P, total: number) {
  const size = params.paginacao.itensPorPagina;
  return {
    ...params,
    paginacao: { ...params.paginacao, quantidadeDePaginas: Math.max(1, Math.ceil(total / size)), quantidadeTotalDeItens: total },
  };
}
