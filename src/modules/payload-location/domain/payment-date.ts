import { LocationProblem } from './location-problem.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** First two digits of an IBGE municipality code: the state (Unidade da Federação) codes. */
const IBGE_STATE_CODES = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '21',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
  '31',
  '32',
  '33',
  '35',
  '41',
  '42',
  '43',
  '50',
  '51',
  '52',
  '53',
]);

function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/**
 * The payment date a due-date charge's location prices (API Pix, `GET /cobv/{pixUrlAccessToken}`, query `DPP`,
 * default today) after the spec's `CobPayloadOperacaoInvalida` violations: `codMun` not 7 digits or not of a
 * Brazilian state, `DPP` not a date, before today, or after the last day the charge can be paid
 * (`dataDeVencimento` + `validadeAposVencimento`). Dates are São Paulo calendar dates, `YYYY-MM-DD`.
 */
export function paymentDate(q: { dpp?: unknown; codMun?: unknown; today: string; lastPayableDate: string }): string {
  if (q.codMun !== undefined) {
    if (typeof q.codMun !== 'string' || !/^\d{7}$/.test(q.codMun)) {
      throw LocationProblem.invalid('codMun não respeita o schema: são 7 dígitos da tabela de municípios do IBGE.');
    }
    if (!IBGE_STATE_CODES.has(q.codMun.slice(0, 2))) {
      throw LocationProblem.invalid('codMun não é um código válido segundo a tabela de municípios do IBGE.');
    }
  }
  if (q.dpp === undefined) return q.today;
  if (typeof q.dpp !== 'string' || !isCalendarDate(q.dpp)) {
    throw LocationProblem.invalid('DPP não respeita o schema: uma data no formato YYYY-MM-DD.');
  }
  if (q.dpp < q.today) throw LocationProblem.invalid('DPP anterior ao momento presente.');
  if (q.dpp > q.lastPayableDate) {
    throw LocationProblem.invalid(
      `DPP superior à validade da cobrança (dataDeVencimento e validadeAposVencimento): o último dia de pagamento é ${q.lastPayableDate}.`,
    );
  }
  return q.dpp;
}
