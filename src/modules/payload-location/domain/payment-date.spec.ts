import { COB_PAYLOAD_INVALID, LocationProblem } from './location-problem.js';
import { paymentDate } from './payment-date.js';

const window = { today: '2026-03-10', lastPayableDate: '2026-04-19' };

function refusal(q: { dpp?: unknown; codMun?: unknown }): LocationProblem | null {
  try {
    paymentDate({ ...q, ...window });
    return null;
  } catch (err) {
    if (err instanceof LocationProblem) return err;
    throw err;
  }
}

describe('paymentDate (API Pix, GET /cobv/{pixUrlAccessToken}: DPP and codMun)', () => {
  it('is today without DPP, and DPP from today to the last payable day', () => {
    expect(paymentDate({ ...window })).toBe('2026-03-10');
    expect(paymentDate({ ...window, dpp: '2026-03-10' })).toBe('2026-03-10');
    expect(paymentDate({ ...window, dpp: '2026-04-19', codMun: '3550308' })).toBe('2026-04-19');
  });

  it.each([
    ['DPP not a date', { dpp: '2026-02-30' }],
    ['DPP not YYYY-MM-DD', { dpp: '10/03/2026' }],
    ['DPP given twice', { dpp: ['2026-03-11', '2026-03-12'] }],
    ['DPP before today', { dpp: '2026-03-09' }],
    ['DPP after the validity', { dpp: '2026-04-20' }],
    ['codMun not 7 digits', { codMun: '355030' }],
    ['codMun of no state', { codMun: '9950308' }],
  ])('refuses %s as CobPayloadOperacaoInvalida (400)', (_why, q) => {
    const problem = refusal(q)?.problem;
    expect(problem).toMatchObject({ type: COB_PAYLOAD_INVALID, status: 400, title: 'Operação inválida.' });
  });
});

describe('LocationProblem', () => {
  it('answers 404 where no charge is shown and 410 where one never will be again, both CobPayloadNaoEncontrado', () => {
    expect(LocationProblem.notFound().problem).toEqual({
      type: 'https://pix.bcb.gov.br/api/v2/error/CobPayloadNaoEncontrado',
      title: 'Cobrança não encontrada.',
      status: 404,
      detail: 'A cobrança em questão não foi encontrada para a location requisitada.',
    });
    for (const why of ['paid', 'cancelled', 'expired'] as const) {
      expect(LocationProblem.gone(why).problem).toMatchObject({ type: LocationProblem.notFound().problem.type, status: 410 });
    }
  });
});
