/**
 * API Pix's errors (docs/reference/api-pix-2.9.0.yaml, "Tratamento de erros" and schema `Problema`): RFC 7807
 * problem details whose `type` is `https://pix.bcb.gov.br/api/v2/error/<TipoErro>`, with `violacoes` naming
 * the properties at fault. Which service error becomes which problem is decided here, once
 * (docs/adr/0232-api-pix-problem-details.md).
 */
export const PROBLEM_TYPE_BASE = 'https://pix.bcb.gov.br/api/v2/error/';
/** RFC 7807 §4.2: a problem with no meaning beyond its HTTP status (401, 429, 413, ...; API Pix names none). */
export const NO_PROBLEM_TYPE = 'about:blank';

export interface Violacao {
  razao: string;
  propriedade?: string;
  valor?: string;
}

export interface Problema {
  type: string;
  title: string;
  status: number;
  detail?: string;
  violacoes?: Violacao[];
}

/** The resource an operation acts on, which names its own errors (tag Cob: `CobOperacaoInvalida`, ...). */
export type ProblemResource = 'cob';

/** A refusal of the service, as the error filter hands it over: its code, status, message and field details. */
export interface Refusal {
  code: string;
  status: number;
  message: string;
  details: { field: string; issue: string }[];
}

const OWN = {
  cob: {
    invalid: 'CobOperacaoInvalida',
    notFound: 'CobNaoEncontrado',
    query: 'CobConsultaInvalida',
    invalidDetail:
      'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada.',
  },
} as const;

/** Codes that are the caller's input or the charge's state, in this resource's words (its `OperacaoInvalida`). */
const OPERATION_REFUSALS = new Set([
  'VALIDATION_ERROR',
  'MALFORMED_JSON',
  'BAD_REQUEST',
  'TXID_IN_USE',
  'CHARGE_NOT_PENDING',
  'PIX_KEY_NOT_REGISTERED',
  'AMOUNT_TOO_LARGE',
]);
/** The spec's own words for the violation a refusal stands for (tag Cob's list of violations). */
const CODE_VIOLATIONS: Record<string, (r: ProblemResource) => Violacao> = {
  TXID_IN_USE: (r) => ({ razao: `O campo ${r}.txid encontra-se em uso.`, propriedade: `${r}.txid` }),
  PIX_KEY_NOT_REGISTERED: (r) => ({
    razao: `O campo ${r}.chave corresponde a uma conta que não pertence a este usuário recebedor.`,
    propriedade: `${r}.chave`,
  }),
  CHARGE_NOT_PENDING: () => ({ razao: 'A cobrança não está ATIVA, e a presente requisição busca alterá-la.' }),
};
const NOT_FOUND = new Set(['CASH_IN_NOT_FOUND', 'NOT_FOUND']);
const DENIED = new Set(['INSUFFICIENT_SCOPE', 'FORBIDDEN']);

export function problem(type: string, title: string, status: number, detail?: string, violacoes?: Violacao[]): Problema {
  return {
    type: type === NO_PROBLEM_TYPE ? type : `${PROBLEM_TYPE_BASE}${type}`,
    title,
    status,
    ...(detail !== undefined ? { detail } : {}),
    ...(violacoes && violacoes.length > 0 ? { violacoes } : {}),
  };
}

/**
 * The problem a refusal is answered with on an operation of `resource`. `property` names a refused field in
 * API Pix's words (`cob.valor.original`), given the field as the refusal named it. A 5xx never shows its
 * message.
 */
export function problemOf(refusal: Refusal, resource: ProblemResource | null, property: (field: string) => string): Problema {
  const own = resource ? OWN[resource] : null;
  if (DENIED.has(refusal.code)) {
    return problem('AcessoNegado', 'Acesso Negado', 403, 'Requisição de participante autenticado que viola alguma regra de autorização.');
  }
  if (NOT_FOUND.has(refusal.code) || refusal.code === 'ROUTE_NOT_FOUND') {
    if (own && refusal.code !== 'ROUTE_NOT_FOUND') return problem(own.notFound, 'Cobrança não encontrada.', 404, refusal.message);
    return problem('NaoEncontrado', 'Não Encontrado', 404, 'Entidade não encontrada.');
  }
  if (refusal.code === 'UNAUTHORIZED' || refusal.code === 'INVALID_TOKEN' || refusal.code === 'INVALID_CREDENTIALS') {
    return problem(NO_PROBLEM_TYPE, 'Não autorizado', 401, refusal.message);
  }
  if (refusal.code === 'SERVICE_UNAVAILABLE') {
    return problem(
      'ServicoIndisponivel',
      'Serviço Indisponível',
      503,
      'Serviço não está disponível no momento. Serviço solicitado pode estar em manutenção ou fora da janela de funcionamento.',
    );
  }
  if (refusal.status >= 500)
    return problem('ErroInternoDoServidor', 'Erro interno do servidor', 500, 'Condição inesperada ao processar requisição.');
  const violacoes: Violacao[] = refusal.details.map((d) => ({
    razao: `O campo ${property(d.field)} ${d.issue}`,
    propriedade: property(d.field),
  }));
  if (OPERATION_REFUSALS.has(refusal.code) && resource && own) {
    const known = CODE_VIOLATIONS[refusal.code]?.(resource);
    if (known) violacoes.push(known);
    const title = refusal.code === 'VALIDATION_ERROR' ? 'Cobrança inválida.' : 'Operação inválida.';
    return problem(own.invalid, title, 400, own.invalidDetail, violacoes.length > 0 ? violacoes : [{ razao: refusal.message }]);
  }
  if (refusal.status === 400) return problem('RequisicaoInvalida', 'Requisição inválida', 400, refusal.message, violacoes);
  // 405, 409, 413, 415, 429: statuses API Pix names no type for.
  return problem(NO_PROBLEM_TYPE, refusal.message, refusal.status, refusal.message);
}

/** The problem of a read whose query the spec's rules refuse (`CobConsultaInvalida`). */
export function queryProblem(resource: ProblemResource, violacoes: Violacao[]): Problema {
  return problem(
    OWN[resource].query,
    'Consulta inválida.',
    400,
    'Os parâmetros da consulta não respeitam o _schema_ ou não fazem sentido semanticamente.',
    violacoes,
  );
}

/** A problem thrown by API Pix code itself, answered as it is. */
export class ApiPixProblem extends Error {
  constructor(readonly problem: Problema) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiPixProblem';
  }
}
