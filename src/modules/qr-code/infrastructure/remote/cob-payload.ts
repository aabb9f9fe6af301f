import type { Money } from '../../../../shared/money/money.js';
import { addDays, brazilDate } from '../../../../shared/time/brazil-calendar.js';
import { DueDateTerms } from '../../../cash-in/application/charge-quotes.js';
import type { DynamicQrPayload } from '../../application/qr-payload-fetcher.js';
import { checkCobPayload, type CheckedCobV, type CobStatus, type PayloadPerson } from './cob-payload.schema.js';

/** `calendario.expiracao` when absent: the API Pix's default, 86400 seconds. */
const DEFAULT_EXPIRY_SECONDS = 86400;
/** `calendario.validadeAposVencimento` when absent: the API Pix's default, 30 days. */
const DEFAULT_DAYS_AFTER_DUE = 30;

/** What a verified payload says about the charge; the receiver's account comes from the key directory. */
export interface ForeignCharge extends Omit<DynamicQrPayload, 'receiver' | 'pixKeyType' | 'chargeId'> {
  pixKeyType: string;
  revision: number;
  /** `recebedor` of a CobVPayload (required there): who the institution says receives, to be the key's holder. */
  receiver?: PayloadPerson;
}

/**
 * Reads a verified payload once it passed its schema (checkCobPayload: CobPayload, and CobVPayload for a location
 * under `/cobv/`): txid, revisao, amount, chave, status, and for a due-date charge its due date, the terms computed
 * for the payment date and its `recebedor`. Its status as of `now`: ATIVA is payable unless expired (cob:
 * `criacao + expiracao` passed; cobv: São Paulo's date past `dataDeVencimento + validadeAposVencimento`),
 * CONCLUIDA paid, REMOVIDA_* cancelled. QR_PAYLOAD_INVALID, naming the field, when it is not such a payload.
 */
export function readCobPayload(json: Record<string, unknown>, kind: 'cob' | 'cobv', now: Date): ForeignCharge {
  const p = checkCobPayload(json, kind);
  const base = { txid: p.txid, revision: p.revisao, pixKey: p.chave, pixKeyType: p.pixKeyType };
  if (p.kind === 'cob') {
    const expiresAt = p.criacao.getTime() + (p.expiracao ?? DEFAULT_EXPIRY_SECONDS) * 1000;
    return { ...base, amount: p.original, status: statusOf(p.status, now.getTime() > expiresAt) };
  }
  const today = brazilDate(now);
  const expired = today > addDays(p.dataDeVencimento, p.validadeAposVencimento ?? DEFAULT_DAYS_AFTER_DUE);
  const amount = p.valor.original ?? p.valor.final;
  return { ...base, amount, status: statusOf(p.status, expired), dueDate: dueDateTerms(p, today), receiver: p.recebedor };
}

function statusOf(status: CobStatus, expired: boolean): DynamicQrPayload['status'] {
  if (status === 'CONCLUIDA') return 'paid';
  if (status !== 'ATIVA') return 'cancelled';
  return expired ? 'expired' : 'active';
}

/**
 * The CobVPayload's `valor` as the existing DueDateTerms: the institution computed each term for the payment
 * date (`DPP`), so each is a fixed value (mode 1) and the discount one on that date; `final` is what is due.
 */
function dueDateTerms(p: CheckedCobV, paymentDate: string): NonNullable<DynamicQrPayload['dueDate']> {
  const above = (m: Money | undefined) => (m?.isPositive() ? m.toFixed2() : null);
  const [penalty, interest, rebate, discount] = [p.valor.multa, p.valor.juros, p.valor.abatimento, p.valor.desconto].map(above);
  const terms = DueDateTerms.of({
    dueDate: p.dataDeVencimento,
    ...(penalty ? { penalty: { mode: 1, value: penalty } } : {}),
    ...(interest ? { interest: { mode: 1, value: interest } } : {}),
    ...(discount ? { discount: { mode: 1, fixedDates: [{ date: paymentDate, value: discount }] } } : {}),
    ...(rebate ? { rebate: { mode: 1, value: rebate } } : {}),
  });
  return { terms, finalAmount: p.valor.final };
}
