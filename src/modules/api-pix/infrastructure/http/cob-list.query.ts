import { isDateTime } from '../../../../shared/http/is-date-time.validator.js';
import { MAX_OFFSET } from '../../../../shared/http/page.query.js';
import type { ChargeStatus, MerchantChargeQuery } from '../../../cash-in/application/merchant-charges.js';
import { ApiPixProblem, queryProblem, type ProblemResource, type Violacao } from '../../domain/api-pix-problem.js';
import { COB_STATUS } from '../../domain/cob-status.js';

/** spec, parameter `paginacao.itensPorPagina`: default 100, at most 1000 (docs/api-pix.md, "GET /cob"). */
export const DEFAULT_ITEMS_PER_PAGE = 100;
export const MAX_ITEMS_PER_PAGE = 1000;

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
const KNOWN = ['inicio', 'fim', 'cpf', 'cnpj', 'locationPresente', 'status', 'paginacao.paginaAtual', 'paginacao.itensPorPagina'];
const PAGE_NUMBER = /^\d{1,9}$/;

/**
 * `GET /cob` and `GET /cobv` (docs/reference/api-pix-2.9.0.yaml): their query read into the charge list's
 * (docs/adr/0231-api-pix-charge-lists.md). Anything the spec's `CobConsultaInvalida` / `CobVConsultaInvalida`
 * lists is refused with one violation per parameter: a missing or non-RFC 3339 `inicio`/`fim`, `fim` before
 * `inicio`, `cpf` and `cnpj` together, a page number or size out of the schema (or the page past the list's
 * window, docs/adr/0052-lists-cost-a-page-not-a-history.md), an unknown `status`, a parameter the spec does not
 * name. `extra` names parameters the operation accepts and that match nothing here (`loteCobVId`).
 */
export function cobListQuery(raw: Record<string, unknown>, resource: ProblemResource, clientId: string, extra: string[] = []): CobList {
  const violations: Violacao[] = [];
  const refuse = (propriedade: string, razao: string, valor?: unknown) =>
    violations.push({ razao, propriedade, ...(typeof valor === 'string' ? { valor } : {}) });
  const text = (name: string): string | undefined => {
    const v = raw[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') {
      refuse(name, `O parâmetro ${name} foi informado mais de uma vez.`);
      return undefined;
    }
    return v;
  };
  for (const name of Object.keys(raw)) {
    if (!KNOWN.includes(name) && !extra.includes(name)) refuse(name, `O parâmetro ${name} não existe nesta consulta.`);
  }
  for (const name of extra) {
    const v = text(name);
    if (v !== undefined && !/^-?\d{1,10}$/.test(v)) refuse(name, `O parâmetro ${name} deve ser um inteiro.`, v);
  }

  const instant = (name: 'inicio' | 'fim'): string | undefined => {
    const v = text(name);
    if (raw[name] === undefined) refuse(name, `O parâmetro ${name} é obrigatório.`);
    else if (v === undefined)
      return undefined; // given more than once: already refused
    else if (!isDateTime(v)) refuse(name, `O parâmetro ${name} não respeita o _schema_ (RFC 3339).`, v);
    else return v;
    return undefined;
  };
  const inicio = instant('inicio');
  const fim = instant('fim');
  if (inicio && fim && Date.parse(fim) < Date.parse(inicio)) refuse('fim', 'O timestamp fim é anterior ao timestamp inicio.', fim);

  const cpf = text('cpf');
  const cnpj = text('cnpj');
  if (cpf !== undefined && !/^\d{11}$/.test(cpf)) refuse('cpf', 'O parâmetro cpf não respeita o _schema_ (11 dígitos).', cpf);
  if (cnpj !== undefined && !/^[0-9A-Z]{14}$/.test(cnpj)) refuse('cnpj', 'O parâmetro cnpj não respeita o _schema_.', cnpj);
  if (cpf !== undefined && cnpj !== undefined) refuse('cnpj', 'Os parâmetros cpf e cnpj não podem ser informados juntos.');

  const presence = text('locationPresente');
  if (presence !== undefined && presence !== 'true' && presence !== 'false') {
    refuse('locationPresente', 'O parâmetro locationPresente deve ser true ou false.', presence);
  }
  const status = text('status');
  if (status !== undefined && !(status in STATE_OF_STATUS)) {
    refuse('status', `O parâmetro status deve ser um de ${Object.keys(STATE_OF_STATUS).join(', ')}.`, status);
  }

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
  if (violations.length > 0) throw new ApiPixProblem(queryProblem(resource, violations));

  const params: CobListParams = {
    inicio: inicio!,
    fim: fim!,
    ...(cpf !== undefined ? { cpf } : {}),
    ...(cnpj !== undefined ? { cnpj } : {}),
    ...(presence !== undefined ? { locationPresente: presence === 'true' } : {}),
    ...(status !== undefined ? { status } : {}),
    paginacao: { paginaAtual, itensPorPagina },
  };
  // A charge is served at its own location or at the API Pix location it was issued at; only an immediate charge
  // unlinked from its location since has none (a cobv keeps showing its location: docs/adr/0238).
  const nothing = (presence === 'false' && resource === 'cobv') || extra.some((name) => raw[name] !== undefined);
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
          ...(presence !== undefined && resource === 'cob' ? { locationPresent: presence === 'true' } : {}),
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
