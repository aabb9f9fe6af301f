import { isDateTime } from '../../../../shared/http/is-date-time.validator.js';
import { MAX_OFFSET } from '../../../../shared/http/page.query.js';
import { ApiPixProblem, queryProblem, type ProblemResource, type Violacao } from '../../domain/api-pix-problem.js';

/** The spec's page size when a list names none, and its largest (`paginacao.itensPorPagina`). */
export const DEFAULT_ITEMS_PER_PAGE = 100;
export const MAX_ITEMS_PER_PAGE = 1000;
const PAGE_NUMBER = /^\d{1,9}$/;
const PAGE_PARAMETERS = ['paginacao.paginaAtual', 'paginacao.itensPorPagina'] as const;

/**
 * The query of an API Pix list (`GET /cob`, `/cobv`, `/loc`, `/pix`, `/webhook`), read by one set of rules: each
 * parameter at fault is one violation naming it (the spec's `...ConsultaInvalida`), so a caller learns everything
 * wrong at once; a parameter the operation does not name, or one given twice, is refused; instants are RFC 3339;
 * a page starts at most MAX_OFFSET items in (docs/adr/0052-lists-cost-a-page-not-a-history.md). Build it, read the
 * parameters, then `done(resource)` throws the problem when anything was refused.
 */
export class ApiPixQuery {
  readonly violacoes: Violacao[] = [];

  /** `known`: the operation's parameters besides `paginacao.*`, which every list takes. */
  constructor(
    private readonly raw: Record<string, unknown>,
    known: readonly string[],
  ) {
    const names = new Set<string>([...known, ...PAGE_PARAMETERS]);
    for (const name of Object.keys(raw)) if (!names.has(name)) this.refuse(name, `O parâmetro ${name} não existe nesta consulta.`);
  }

  refuse(propriedade: string, razao: string, valor?: unknown): void {
    this.violacoes.push({ razao, propriedade, ...(typeof valor === 'string' ? { valor } : {}) });
  }

  /** The parameter as given once; undefined when absent or given more than once (refused). */
  text(name: string): string | undefined {
    const v = this.raw[name];
    if (v === undefined) return undefined;
    if (typeof v === 'string') return v;
    this.refuse(name, `O parâmetro ${name} foi informado mais de uma vez.`);
    return undefined;
  }

  /** An RFC 3339 instant as given. */
  instant(name: string, required: boolean): string | undefined {
    const v = this.text(name);
    if (this.raw[name] === undefined) {
      if (required) this.refuse(name, `O parâmetro ${name} é obrigatório.`);
    } else if (v !== undefined && !isDateTime(v)) {
      this.refuse(name, `O parâmetro ${name} não respeita o _schema_ (RFC 3339).`, v);
    } else return v;
    return undefined;
  }

  /** `inicio` and `fim`, `fim` not before `inicio`. */
  period(required: boolean): { inicio: string | undefined; fim: string | undefined } {
    const inicio = this.instant('inicio', required);
    const fim = this.instant('fim', required);
    if (inicio && fim && Date.parse(fim) < Date.parse(inicio)) {
      this.refuse('fim', 'O timestamp representado pelo parâmetro fim é anterior ao timestamp representado pelo parâmetro inicio.', fim);
    }
    return { inicio, fim };
  }

  flag(name: string): boolean | undefined {
    const v = this.text(name);
    if (v === undefined) return undefined;
    if (v !== 'true' && v !== 'false') {
      this.refuse(name, `O parâmetro ${name} deve ser true ou false.`, v);
      return undefined;
    }
    return v === 'true';
  }

  /** A parameter matching the schema's pattern (`issue` says which). */
  matching(name: string, pattern: RegExp, issue: string): string | undefined {
    const v = this.text(name);
    if (v !== undefined && !pattern.test(v)) this.refuse(name, `O parâmetro ${name} não respeita o _schema_ (${issue}).`, v);
    return v;
  }

  /** `cpf` or `cnpj` of a person, not both. */
  document(): { cpf?: string; cnpj?: string } {
    const cpf = this.matching('cpf', /^\d{11}$/, '11 dígitos');
    const cnpj = this.matching('cnpj', /^[0-9A-Z]{14}$/, '14 dígitos ou letras maiúsculas');
    if (cpf !== undefined && cnpj !== undefined) this.refuse('cnpj', 'Os parâmetros cpf e cnpj não podem ser informados juntos.');
    return { ...(cpf !== undefined ? { cpf } : {}), ...(cnpj !== undefined ? { cnpj } : {}) };
  }

  /** The page asked: `paginaAtual` from 0, `itensPorPagina` 1 to 1000 (100 by default), starting within MAX_OFFSET. */
  page(): { paginaAtual: number; itensPorPagina: number } {
    const number = (name: string, fallback: number, min: number, max: number): number => {
      const v = this.text(name);
      if (v === undefined) return fallback;
      if (!PAGE_NUMBER.test(v) || Number(v) < min || Number(v) > max) {
        this.refuse(name, `O parâmetro ${name} deve ser um inteiro de ${min} a ${max}.`, v);
        return fallback;
      }
      return Number(v);
    };
    const paginaAtual = number('paginacao.paginaAtual', 0, 0, 999_999_999);
    const itensPorPagina = number('paginacao.itensPorPagina', DEFAULT_ITEMS_PER_PAGE, 1, MAX_ITEMS_PER_PAGE);
    if (paginaAtual * itensPorPagina > MAX_OFFSET) {
      this.refuse(
        'paginacao.paginaAtual',
        `A página começa depois do item ${MAX_OFFSET}; restrinja o intervalo inicio-fim.`,
        String(paginaAtual),
      );
    }
    return { paginaAtual, itensPorPagina };
  }

  /** Throws the resource's `...ConsultaInvalida` with every violation, when there is any. */
  done(resource: ProblemResource): void {
    if (this.violacoes.length > 0) throw new ApiPixProblem(queryProblem(resource, this.violacoes));
  }
}
