import { DomainError } from '../../../../shared/errors/domain-error.js';
import { Money } from '../../../../shared/money/money.js';
import { detectPixKeyType } from '../../../../shared/domain/pix-key.js';

/**
 * Another institution's payload checked against its API Pix schema (docs/reference/api-pix-2.9.0.yaml,
 * `CobPayload` and `CobVPayload`) before any of its fields is used: every field the schema names, when present,
 * has the schema's type, length and format; the fields the service reads are required. Where this reading
 * differs from the letter of the schema, docs/adr/0241-a-foreign-payload-is-read-against-its-schema.md says why.
 */

/** The API Pix's txid of a charge (`TxId`): 26 to 35 letters and digits. */
const TXID = /^[a-zA-Z0-9]{26,35}$/;
/** An amount as the API Pix writes it (`Dinheiro`): digits, a point, two decimals. */
const AMOUNT = /^\d{1,10}\.\d{2}$/;
/** RFC 3339 `date-time`, as OpenAPI's format names it. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** `PessoaFisica.cpf` and `PessoaJuridica.cnpj` (the alphanumeric CNPJ included). */
const CPF = /^\d{11}$/;
const CNPJ = /^[0-9A-Z]{14}$/;
/** `retirada.*.prestadorDoServicoDeSaque`: an ISPB. */
const ISPB = /^[0-9A-Z]{8}$/;
const INT32_MAX = 2_147_483_647;

export const COB_STATUSES = ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'] as const;
export type CobStatus = (typeof COB_STATUSES)[number];

/** `PessoaFisica` or `PessoaJuridica`: a name and exactly one document. */
export interface PayloadPerson {
  name: string;
  document: string;
}

interface CheckedCommon {
  txid: string;
  revisao: number;
  criacao: Date;
  chave: string;
  pixKeyType: string;
  status: CobStatus;
}

/** A `CobPayload` that passed its schema. */
export interface CheckedCob extends CheckedCommon {
  kind: 'cob';
  /** Seconds after `criacao`; absent in the payload, the schema's default (86400). */
  expiracao: number | undefined;
  original: Money;
}

/** A `CobVPayload` that passed its schema; `recebedor`, required, is who the institution says receives. */
export interface CheckedCobV extends CheckedCommon {
  kind: 'cobv';
  dataDeVencimento: string;
  /** Days payable after the due date; absent in the payload, the schema's default (30). */
  validadeAposVencimento: number | undefined;
  valor: { original?: Money; multa?: Money; juros?: Money; abatimento?: Money; desconto?: Money; final: Money };
  recebedor: PayloadPerson;
}

export const invalidPayload = (issue: string) =>
  new DomainError('QR_PAYLOAD_INVALID', 'The payload of this dynamic QR code is not a valid charge', [{ field: 'br_code', issue }]);

/** Checks `json` against `CobPayload` (a location's `/{token}`) or `CobVPayload` (`/cobv/{token}`); QR_PAYLOAD_INVALID names the first field at fault. */
export function checkCobPayload(json: Record<string, unknown>, kind: 'cob'): CheckedCob;
export function checkCobPayload(json: Record<string, unknown>, kind: 'cobv'): CheckedCobV;
export function checkCobPayload(json: Record<string, unknown>, kind: 'cob' | 'cobv'): CheckedCob | CheckedCobV;
export function checkCobPayload(json: Record<string, unknown>, kind: 'cob' | 'cobv'): CheckedCob | CheckedCobV {
  const txid = json.txid;
  if (typeof txid !== 'string' || !TXID.test(txid)) throw invalidPayload('txid must be 26 to 35 letters and digits');
  const revisao = int32(json.revisao, 'revisao');
  const calendario = object(json.calendario, 'calendario');
  const criacao = dateTime(calendario.criacao, 'calendario.criacao');
  dateTime(calendario.apresentacao, 'calendario.apresentacao');
  const chave = json.chave;
  const pixKeyType = typeof chave === 'string' && chave.length <= 77 ? detectPixKeyType(chave) : null;
  if (!pixKeyType) throw invalidPayload('chave must be a Pix key');
  const status = json.status;
  if (typeof status !== 'string' || !(COB_STATUSES as readonly string[]).includes(status)) {
    throw invalidPayload(`status must be one of ${COB_STATUSES.join(', ')}`);
  }
  if (json.devedor !== undefined) person(json.devedor, 'devedor');
  optional(json.solicitacaoPagador, (v) => text(v, 'solicitacaoPagador', 140));
  optional(json.infoAdicionais, (v) => additionalInfo(v));
  const valor = object(json.valor, 'valor');
  const common = { txid, revisao, criacao, chave: chave as string, pixKeyType, status: status as CobStatus };
  if (kind === 'cob') {
    optional(valor.modalidadeAlteracao, (v) => zeroOrOne(v, 'valor.modalidadeAlteracao'));
    optional(valor.retirada, (v) => withdrawal(v));
    const expiracao = optional(calendario.expiracao, (v) => int32(v, 'calendario.expiracao'));
    return { kind, ...common, expiracao, original: positive(valor.original, 'valor.original') };
  }
  const dataDeVencimento = date(calendario.dataDeVencimento, 'calendario.dataDeVencimento');
  const validadeAposVencimento = optional(calendario.validadeAposVencimento, (v) => int32(v, 'calendario.validadeAposVencimento'));
  const terms = ['original', 'multa', 'juros', 'abatimento', 'desconto'] as const;
  const parts = Object.fromEntries(
    terms.filter((t) => valor[t] !== undefined).map((t) => [t, money(valor[t], `valor.${t}`)]),
  ) as CheckedCobV['valor'];
  if (json.recebedor === undefined) throw invalidPayload('recebedor is required in a CobVPayload');
  const recebedor = person(json.recebedor, 'recebedor', true);
  return {
    kind,
    ...common,
    dataDeVencimento,
    validadeAposVencimento,
    valor: { ...parts, final: positive(valor.final, 'valor.final') },
    recebedor,
  };
}

function optional<T>(value: unknown, check: (value: unknown) => T): T | undefined {
  return value === undefined ? undefined : check(value);
}

function object(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidPayload(`${field} must be an object`);
  return value as Record<string, unknown>;
}

function text(value: unknown, field: string, max: number, min = 0): string {
  if (typeof value !== 'string') throw invalidPayload(`${field} must be a string`);
  if (value.length < min || value.length > max) throw invalidPayload(`${field} must be ${min} to ${max} characters (is ${value.length})`);
  return value;
}

/** `integer`, `int32`, not negative; the spec's own examples write some as strings of digits, read too. */
function int32(value: unknown, field: string): number {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > INT32_MAX)
    throw invalidPayload(`${field} must be a non-negative integer`);
  return n;
}

function zeroOrOne(value: unknown, field: string): number {
  if (value !== 0 && value !== 1) throw invalidPayload(`${field} must be 0 or 1`);
  return value;
}

function money(value: unknown, field: string): Money {
  if (typeof value !== 'string' || !AMOUNT.test(value)) throw invalidPayload(`${field} must be an amount like 10.00`);
  return Money.of(value);
}

function positive(value: unknown, field: string): Money {
  const amount = money(value, field);
  if (!amount.isPositive()) throw invalidPayload(`${field} must be above zero`);
  return amount;
}

function dateTime(value: unknown, field: string): Date {
  const at = typeof value === 'string' && DATE_TIME.test(value) ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) throw invalidPayload(`${field} must be a date-time`);
  return at;
}

function date(value: unknown, field: string): string {
  const valid = typeof value === 'string' && DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
  if (!valid) throw invalidPayload(`${field} must be a date`);
  return value as string;
}

/**
 * `PessoaFisica` or `PessoaJuridica` (`oneOf`): a name of 1 to 200 characters and exactly one of `cpf` and `cnpj`,
 * each of its format; a `recebedor` (`DadosRecebedor`) also has its address, each part of its length.
 */
function person(value: unknown, field: string, receiver = false): PayloadPerson {
  const p = object(value, field);
  if ((p.cpf === undefined) === (p.cnpj === undefined)) throw invalidPayload(`${field} must have exactly one of cpf and cnpj`);
  const [document, rule] = p.cpf !== undefined ? [p.cpf, CPF] : [p.cnpj, CNPJ];
  if (typeof document !== 'string' || !rule.test(document)) {
    throw invalidPayload(p.cpf !== undefined ? `${field}.cpf must be 11 digits` : `${field}.cnpj must be 14 digits or capital letters`);
  }
  const name = text(p.nome, `${field}.nome`, 200, 1);
  if (receiver) {
    if (p.nomeFantasia !== undefined && p.cnpj === undefined) throw invalidPayload(`${field}.nomeFantasia is for a cnpj only`);
    const address = { nomeFantasia: 200, logradouro: 200, cidade: 200, uf: 2, cep: 8 } as const;
    for (const [part, max] of Object.entries(address)) optional(p[part], (v) => text(v, `${field}.${part}`, max));
  }
  return { name, document };
}

/** `infoAdicionais`: at most 50 entries, each a `nome` of up to 50 characters and a `valor` of up to 200. */
function additionalInfo(value: unknown): void {
  if (!Array.isArray(value) || value.length > 50) throw invalidPayload('infoAdicionais must be a list of at most 50 entries');
  value.forEach((entry, i) => {
    const e = object(entry, `infoAdicionais[${i}]`);
    text(e.nome, `infoAdicionais[${i}].nome`, 50);
    text(e.valor, `infoAdicionais[${i}].valor`, 200);
  });
}

/** `valor.retirada` of a CobPayload: exactly one of `saque` (Pix Saque) and `troco` (Pix Troco), each complete. */
function withdrawal(value: unknown): void {
  const r = object(value, 'valor.retirada');
  const kinds = (['saque', 'troco'] as const).filter((k) => r[k] !== undefined);
  if (kinds.length !== 1) throw invalidPayload('valor.retirada must have exactly one of saque and troco');
  const kind = kinds[0]!;
  const field = `valor.retirada.${kind}`;
  const w = object(r[kind], field);
  money(w.valor, `${field}.valor`);
  optional(w.modalidadeAlteracao, (v) => zeroOrOne(v, `${field}.modalidadeAlteracao`));
  const agents = kind === 'saque' ? ['AGTEC', 'AGTOT', 'AGPSS'] : ['AGTEC', 'AGTOT'];
  if (typeof w.modalidadeAgente !== 'string' || !agents.includes(w.modalidadeAgente)) {
    throw invalidPayload(`${field}.modalidadeAgente must be one of ${agents.join(', ')}`);
  }
  if (typeof w.prestadorDoServicoDeSaque !== 'string' || !ISPB.test(w.prestadorDoServicoDeSaque)) {
    throw invalidPayload(`${field}.prestadorDoServicoDeSaque must be an ISPB (8 digits or capital letters)`);
  }
}
