/**
 * API Pix's errors (docs/reference/api-pix-2.9.0.yaml, "Tratamento de erros" and schema `Problema`): RFC 7807
 * problem details whose `type` is `https://pix.bcb.gov.br/api/v2/error/<TipoErro>`, with `violacoes` naming
 * the properties at fault. Which service error becomes which problem is decided here, once
 * (docs/adr/0230-api-pix-problem-details.md).
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

/** The resource an operation acts on, which names its own errors (tag Cob: `CobOperacaoInvalida`, tag CobV: `CobVNaoEncontrada`, tag Pix: `PixNaoEncontrado`, ...). */
export type ProblemResource = 'cob' | 'cobv' | 'pix' | 'webhook' | 'loc';

/** A refusal of the service, as the error filter hands it over: its code, status, message and field details. */
export interface Refusal {
  code: string;
  status: number;
  message: string;
  details: { field: string; issue: string }[];
}

interface OwnProblems {
  invalid: string;
  invalidTitle: string;
  invalidDetail: string;
  /** The type and title a code not found is answered with (each resource's own). */
  notFound: Record<string, { type: string; title: string }>;
  query: string;
}

const OWN: Record<ProblemResource, OwnProblems> = {
  cob: {
    invalid: 'CobOperacaoInvalida',
    invalidTitle: 'Cobrança inválida.',
    invalidDetail:
      'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada.',
    notFound: {
      CASH_IN_NOT_FOUND: { type: 'CobNaoEncontrado', title: 'Cobrança não encontrada.' },
      NOT_FOUND: { type: 'CobNaoEncontrado', title: 'Cobrança não encontrada.' },
    },
    query: 'CobConsultaInvalida',
  },
  // Tag CobV: the spec's own spelling, CobVNaoEncontrada (feminine), beside CobNaoEncontrado.
  cobv: {
    invalid: 'CobVOperacaoInvalida',
    invalidTitle: 'Cobrança inválida.',
    invalidDetail:
      'A requisição que busca alterar ou criar uma cobrança com vencimento não respeita o _schema_ ou está semanticamente errada.',
    notFound: {
      CASH_IN_NOT_FOUND: { type: 'CobVNaoEncontrada', title: 'Cobrança com vencimento não encontrada.' },
      NOT_FOUND: { type: 'CobVNaoEncontrada', title: 'Cobrança com vencimento não encontrada.' },
    },
    query: 'CobVConsultaInvalida',
  },
  // Tag Pix: received Pix (`GET /pix`, `GET /pix/{e2eid}`) and their refunds (`/pix/{e2eid}/devolucao/{id}`).
  pix: {
    invalid: 'PixDevolucaoInvalida',
    invalidTitle: 'Devolução inválida.',
    invalidDetail: 'A presente requisição de devolução não respeita o _schema_ ou não faz sentido semanticamente.',
    notFound: {
      ORIGINAL_PAYMENT_NOT_FOUND: { type: 'PixNaoEncontrado', title: 'Pix não encontrado.' },
      NOT_FOUND: { type: 'PixNaoEncontrado', title: 'Pix não encontrado.' },
      REVERSAL_NOT_FOUND: { type: 'PixDevolucaoNaoEncontrada', title: 'Devolução não encontrada.' },
    },
    query: 'PixConsultaInvalida',
  },
  // Tag Webhook: `PUT /webhook/{chave}`, `GET|DELETE /webhook/{chave}`, `GET /webhook`.
  webhook: {
    invalid: 'WebhookOperacaoInvalida',
    invalidTitle: 'Webhook inválido.',
    invalidDetail: 'A presente requisição busca criar um webhook sem respeitar o _schema_ ou, ainda, com sentido semanticamente inválido.',
    notFound: {
      WEBHOOK_NOT_FOUND: { type: 'WebhookNaoEncontrado', title: 'Webhook não encontrado.' },
      NOT_FOUND: { type: 'WebhookNaoEncontrado', title: 'Webhook não encontrado.' },
    },
    query: 'WebhookConsultaInvalida',
  },
  // Tag PayloadLocation: `POST /loc`, `GET /loc`, `GET /loc/{id}`, `DELETE /loc/{id}/txid`.
  loc: {
    invalid: 'PayloadLocationOperacaoInvalida',
    invalidTitle: 'PayloadLocation inválido.',
    invalidDetail: 'A presente requisição busca criar uma location sem respeitar o _schema_ estabelecido.',
    notFound: {
      NOT_FOUND: { type: 'PayloadLocationNaoEncontrado', title: 'Location não encontrada.' },
    },
    query: 'PayloadLocationConsultaInvalida',
  },
};

/** Codes that are the caller's input or the charge's state, in this resource's words (its `OperacaoInvalida`). */
const OPERATION_REFUSALS = new Set([
  'VALIDATION_ERROR',
  'MALFORMED_JSON',
  'BAD_REQUEST',
  'TXID_IN_USE',
  'CHARGE_NOT_PENDING',
  'PIX_KEY_NOT_REGISTERED',
  'AMOUNT_TOO_LARGE',
  'REFUND_EXCEEDS_AVAILABLE',
  'REVERSAL_WINDOW_CLOSED',
  'REFUND_CODE_NOT_APPLICABLE',
  'DUPLICATE_EXTERNAL_ID',
  'INSUFFICIENT_FUNDS',
  'WEBHOOK_TARGET_NOT_ALLOWED',
]);
/** The spec's own words for the violation a refusal stands for (tag Cob's list of violations). */
const CODE_VIOLATIONS: Record<string, (r: ProblemResource) => Violacao> = {
  TXID_IN_USE: (r) => ({ razao: `O campo ${r}.txid encontra-se em uso.`, propriedade: `${r}.txid` }),
  PIX_KEY_NOT_REGISTERED: (r) =>
    r === 'webhook'
      ? { razao: 'O parâmetro chave não corresponde a uma chave DICT pertencente a este usuário recebedor.', propriedade: 'chave' }
      : { razao: `O campo ${r}.chave corresponde a uma conta que não pertence a este usuário recebedor.`, propriedade: `${r}.chave` },
  CHARGE_NOT_PENDING: () => ({ razao: 'A cobrança não está ATIVA, e a presente requisição busca alterá-la.' }),
};
/**
 * Tag Pix's own violations for `PUT /pix/{e2eid}/devolucao/{id}`, in the spec's words: they stand in for the
 * refusal's field details, which say the same in the service's words.
 */
const DEVOLUCAO_VIOLATIONS: Record<string, Violacao> = {
  REFUND_EXCEEDS_AVAILABLE: {
    razao:
      'A presente requisição de devolução, em conjunto com as demais prévias devoluções, se aplicável, excederia o valor do pix originário.',
    propriedade: 'devolucao.valor',
  },
  DUPLICATE_EXTERNAL_ID: {
    razao: 'A presente requisição de devolução apresenta um {id} já utilizado por outra requisição de devolução para o {e2eid} em questão.',
    propriedade: 'id',
  },
  REVERSAL_WINDOW_CLOSED: {
    razao:
      'A presente requisição de devolução viola a janela de tempo permitida para solicitações de devoluções de um pix (90 dias desde a data de liquidação original do pix).',
  },
  REFUND_CODE_NOT_APPLICABLE: {
    razao: 'A natureza RETIRADA só se aplica ao valor do saque ou do troco de um Pix Saque ou Pix Troco.',
    propriedade: 'devolucao.natureza',
  },
  INSUFFICIENT_FUNDS: { razao: 'O saldo disponível do usuário recebedor não cobre o valor da devolução.', propriedade: 'devolucao.valor' },
};
const NOT_FOUND = new Set(['CASH_IN_NOT_FOUND', 'NOT_FOUND', 'ORIGINAL_PAYMENT_NOT_FOUND', 'REVERSAL_NOT_FOUND', 'WEBHOOK_NOT_FOUND']);
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
    const mine = own?.notFound[refusal.code];
    if (mine) return problem(mine.type, mine.title, 404, refusal.message);
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
    const spoken = resource === 'pix' ? DEVOLUCAO_VIOLATIONS[refusal.code] : undefined;
    if (spoken) violacoes.splice(0, violacoes.length, spoken);
    const known = CODE_VIOLATIONS[refusal.code]?.(resource);
    if (known) violacoes.push(known);
    const title = refusal.code === 'VALIDATION_ERROR' ? own.invalidTitle : 'Operação inválida.';
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
