import { DomainError } from '../../../../shared/errors/domain-error.js';
import { Money } from '../../../../shared/money/money.js';
import { detectPixKeyType } from '../../../../shared/domain/pix-key.js';
import { addDays, brazilDate } from '../../../../shared/time/brazil-calendar.js';
import { DueDateTerms } from '../../../cash-in/application/charge-quotes.js';
import type { DynamicQrPayload } from '../../application/qr-payload-fetcher.js';

/** The API Pix's txid of a charge: 26 to 35 letters and digits. */
const TXID = /^[a-zA-Z0-9]{26,35}$/;
/** An amount as the API Pix writes it (`Dinheiro`): digits, a point, two decimals. */
const AMOUNT = /^\d{1,10}\.\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** `revisao`, `expiracao`, `validadeAposVencimento`: integers (the spec's own examples write some as strings). */
const COUNT = /^\d{1,10}$/;

const STATUSES = ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'] as const;
/** `calendario.expiracao` when absent: the API Pix's default, 86400 seconds. */
const DEFAULT_EXPIRY_SECONDS = 86400;
/** `calendario.validadeAposVencimento` when absent: the API Pix's default, 30 days. */
const DEFAULT_DAYS_AFTER_DUE = 30;

const invalid = (issue: string) =>
  new DomainError('QR_PAYLOAD_INVALID', 'The payload of this dynamic QR code is not a valid charge', [{ field: 'br_code', issue }]);

/** What a verified payload says about the charge; the receiver's account comes from the key directory. */
export interface ForeignCharge extends Omit<DynamicQrPayload, 'receiver' | 'pixKeyType' | 'chargeId'> {
  pixKeyType: string;
  revision: number;
  /** `recebedor` of a CobVPayload, when given: who the institution says receives. */
  receiver?: { name: string; document: string | null };
}

function object(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`${field} must be an object`);
  return value as Record<string, unknown>;
}

function count(value: unknown, field: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && COUNT.test(value)) return Number(value);
  throw invalid(`${field} must be a non-negative integer`);
}

function amount(value: unknown, field: string): Money {
  if (typeof value !== 'string' || !AMOUNT.test(value)) throw invalid(`${field} must be an amount like 10.00`);
  return Money.of(value);
}

function positiveAmount(value: unknown, field: string): Money {
  const money = amount(value, field);
  if (!money.isPositive()) throw invalid(`${field} must be above zero`);
  return money;
}

function instant(value: unknown, field: string): Date {
  const at = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value as string)) throw invalid(`${field} must be a date-time`);
  return at;
}

/** A computed term of a CobVPayload's `valor` (multa, juros, abatimento, desconto), when above zero. */
function term(valor: Record<string, unknown>, name: string): Money | null {
  if (valor[name] === undefined) return null;
  const value = amount(valor[name], `valor.${name}`);
  return value.isPositive() ? value : null;
}

/**
 * Reads a verified payload as the API Pix fixes it (schemas CobPayload, and CobVPayload for a location under
 * `/cobv/`): txid, revisao, calendario, valor, chave, status, and for a due-date charge its due date and the
 * terms computed for the payment date. Its status as of `now`: ATIVA is payable unless expired (cob:
 * `criacao + expiracao` passed; cobv: São Paulo's date past `dataDeVencimento + validadeAposVencimento`),
 * CONCLUIDA paid, REMOVIDA_* cancelled. QR_PAYLOAD_INVALID when it is not such a payload.
 */
export function readCobPayload(json: Record<string, unknown>, kind: 'cob' | 'cobv', now: Date): ForeignCharge {
  const txid = json.txid;
  if (typeof txid !== 'string' || !TXID.test(txid)) throw invalid('txid must be 26 to 35 letters and digits');
  const revision = count(json.revisao, 'revisao');
  const calendario = object(json.calendario, 'calendario');
  instant(calendario.criacao, 'calendario.criacao');
  instant(calendario.apresentacao, 'calendario.apresentacao');
  const valor = object(json.valor, 'valor');
  const original = positiveAmount(valor.original, 'valor.original');
  const chave = json.chave;
  if (typeof chave !== 'string' || chave.length === 0 || chave.length > 77) throw invalid('chave must be a Pix key');
  const pixKeyType = detectPixKeyType(chave);
  if (!pixKeyType) throw invalid('chave must be a Pix key');
  const status = json.status;
  if (typeof status !== 'string' || !(STATUSES as readonly string[]).includes(status)) {
    throw invalid(`status must be one of ${STATUSES.join(', ')}`);
  }
  const base = { txid, revision, amount: original, pixKey: chave, pixKeyType };
  if (kind === 'cob') {
    const expiresAt =
      instant(calendario.criacao, 'calendario.criacao').getTime() +
      count(calendario.expiracao, 'calendario.expiracao', DEFAULT_EXPIRY_SECONDS) * 1000;
    const expired = now.getTime() > expiresAt;
    return { ...base, status: statusOf(status, expired) };
  }
  const dueDate = calendario.dataDeVencimento;
  if (typeof dueDate !== 'string' || !DATE.test(dueDate) || Number.isNaN(Date.parse(`${dueDate}T00:00:00Z`))) {
    throw invalid('calendario.dataDeVencimento must be a date');
  }
  const daysAfter = count(calendario.validadeAposVencimento, 'calendario.validadeAposVencimento', DEFAULT_DAYS_AFTER_DUE);
  const today = brazilDate(now);
  const expired = today > addDays(dueDate, daysAfter);
  const terms = dueDateTerms(valor, dueDate, today);
  return { ...base, status: statusOf(status, expired), dueDate: terms, ...receiverOf(json.recebedor) };
}

function statusOf(status: string, expired: boolean): DynamicQrPayload['status'] {
  if (status === 'CONCLUIDA') return 'paid';
  if (status !== 'ATIVA') return 'cancelled';
  return expired ? 'expired' : 'active';
}

/**
 * The CobVPayload's `valor` as the existing DueDateTerms: the institution computed each term for the payment
 * date (`DPP`), so each is a fixed value (mode 1) and the discount one on that date; `final` is what is due.
 */
function dueDateTerms(valor: Record<string, unknown>, dueDate: string, paymentDate: string): NonNullable<DynamicQrPayload['dueDate']> {
  const finalAmount = positiveAmount(valor.final, 'valor.final');
  const penalty = term(valor, 'multa');
  const interest = term(valor, 'juros');
  const rebate = term(valor, 'abatimento');
  const discount = term(valor, 'desconto');
  const terms = DueDateTerms.of({
    dueDate,
    ...(penalty ? { penalty: { mode: 1, value: penalty.toFixed2() } } : {}),
    ...(interest ? { interest: { mode: 1, value: interest.toFixed2() } } : {}),
    ...(discount ? { discount: { mode: 1, fixedDates: [{ date: paymentDate, value: discount.toFixed2() }] } } : {}),
    ...(rebate ? { rebate: { mode: 1, value: rebate.toFixed2() } } : {}),
  });
  return { terms, finalAmount };
}

function receiverOf(value: unknown): Pick<ForeignCharge, 'receiver'> {
  if (value === undefined) return {};
  const r = object(value, 'recebedor');
  if (typeof r.nome !== 'string' || r.nome.length === 0) throw invalid('recebedor.nome must be a name');
  const document = typeof r.cnpj === 'string' ? r.cnpj : typeof r.cpf === 'string' ? r.cpf : null;
  return { receiver: { name: r.nome, document } };
}
