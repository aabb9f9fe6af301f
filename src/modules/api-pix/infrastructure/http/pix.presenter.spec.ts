import { Money } from '../../../../shared/money/money.js';
import type { MerchantRefund } from '../../../reversals/application/merchant-refunds.js';
import type { ReceivedPix } from '../../../transactions/application/transactions.service.js';
import { listQuery } from './pix.controller.js';
import { devolucaoIdOf, presentDevolucao, presentPix, refundNameOf, reversalIdOf } from './pix.presenter.js';
import { ApiPixProblem } from '../../domain/api-pix-problem.js';

const E2E = 'E99999004202603101500AbCdEfGhIjK';
const AT = new Date('2026-03-10T15:00:00.000Z');

const refund = (over: Partial<MerchantRefund> = {}): MerchantRefund => ({
  id: '0b6f1f9e-5d4c-4b3a-9a8b-7c6d5e4f3a2b',
  externalId: refundNameOf(E2E, 'dev1'),
  originalEndToEndId: E2E,
  refundEndToEndId: 'D99999004202603101500ZyXwVuTsRqP',
  amount: Money.of('30.00'),
  refundCode: 'MD06',
  customerMessage: null,
  status: 'queued',
  errorMessage: null,
  createdAt: AT,
  completedAt: null,
  ...over,
});

describe('API Pix pix and devolucao as the spec writes them', () => {
  it("names a refund by the merchant's id, a client API refund by its external_id or its id without dashes", () => {
    expect(devolucaoIdOf(refund())).toBe('dev1');
    expect(devolucaoIdOf(refund({ externalId: 'refund42' }))).toBe('refund42');
    const hex = devolucaoIdOf(refund({ externalId: 'refund-2026-0042' }));
    expect(hex).toBe('0b6f1f9e5d4c4b3a9a8b7c6d5e4f3a2b');
    expect(reversalIdOf(hex)).toBe('0b6f1f9e-5d4c-4b3a-9a8b-7c6d5e4f3a2b');
    expect(reversalIdOf('dev1')).toBeNull();
  });

  it('maps statuses and codes: queued EM_PROCESSAMENTO, completed DEVOLVIDO with liquidacao, failed NAO_REALIZADO with motivo', () => {
    expect(presentDevolucao(refund())).toEqual({
      id: 'dev1',
      rtrId: 'D99999004202603101500ZyXwVuTsRqP',
      valor: '30.00',
      natureza: 'ORIGINAL',
      horario: { solicitacao: AT.toISOString() },
      status: 'EM_PROCESSAMENTO',
    });
    const done = new Date('2026-03-10T15:00:05.000Z');
    expect(
      presentDevolucao(refund({ status: 'completed', completedAt: done, refundCode: 'SL02', customerMessage: 'Troco' })),
    ).toMatchObject({
      natureza: 'RETIRADA',
      descricao: 'Troco',
      horario: { liquidacao: done.toISOString() },
      status: 'DEVOLVIDO',
    });
    expect(presentDevolucao(refund({ status: 'failed', errorMessage: 'Conta encerrada' }))).toMatchObject({
      status: 'NAO_REALIZADO',
      motivo: 'Conta encerrada',
    });
  });

  it('shows a Pix with its txid and key, leaving out a static code without txid', () => {
    const received: ReceivedPix = {
      id: 'x',
      type: 'cash_in',
      amount: Money.of('80'),
      refundedAmount: Money.zero(),
      endToEndId: E2E,
      txid: '***',
      pixKey: 'loja@example.com',
      payerMessage: null,
      payer: null,
      receivedAt: AT,
    };
    expect(presentPix(received, [])).toEqual({
      endToEndId: E2E,
      valor: '80.00',
      chave: 'loja@example.com',
      horario: AT.toISOString(),
      devolucoes: [],
    });
  });

  it("reads GET /pix's query, refusing what the spec refuses as PixConsultaInvalida", () => {
    expect(listQuery({ inicio: '2026-03-10T00:00:00Z', fim: '2026-03-11T00:00:00-03:00', txIdPresente: 'true' })).toEqual({
      inicio: new Date('2026-03-10T00:00:00Z'),
      fim: new Date('2026-03-11T03:00:00Z'),
      txIdPresente: true,
      paginaAtual: 0,
      itensPorPagina: 100,
    });
    const refused = (q: Record<string, unknown>) => {
      try {
        listQuery(q);
      } catch (err) {
        return (err as ApiPixProblem).problem;
      }
      throw new Error('accepted');
    };
    expect(refused({}).violacoes!.map((v) => v.propriedade)).toEqual(['inicio', 'fim']);
    expect(refused({ inicio: '2026-03-11T00:00:00Z', fim: '2026-03-10T00:00:00Z' })).toMatchObject({
      type: 'https://pix.bcb.gov.br/api/v2/error/PixConsultaInvalida',
      violacoes: [expect.objectContaining({ propriedade: 'fim' })],
    });
    const window = { inicio: '2026-03-10T00:00:00Z', fim: '2026-03-11T00:00:00Z' };
    // cpf and cnpj together: named on cnpj, as every API Pix list names it (api-pix-query.ts).
    expect(refused({ ...window, cpf: '12345678909', cnpj: '12345678000195' }).violacoes).toEqual([
      expect.objectContaining({ propriedade: 'cnpj' }),
    ]);
    // A parameter GET /pix does not name is refused, as in the other lists.
    expect(refused({ ...window, status: 'ATIVA' }).violacoes).toEqual([expect.objectContaining({ propriedade: 'status' })]);
    expect(refused({ ...window, 'paginacao.itensPorPagina': '1001' }).violacoes).toEqual([
      expect.objectContaining({ propriedade: 'paginacao.itensPorPagina' }),
    ]);
    expect(refused({ ...window, devolucaoPresente: 'sim' }).violacoes).toEqual([
      expect.objectContaining({ propriedade: 'devolucaoPresente' }),
    ]);
    expect(refused({ inicio: '2026-03-10', fim: '2026-03-11T00:00:00Z' }).violacoes).toEqual([
      expect.objectContaining({ propriedade: 'inicio' }),
    ]);
  });
});
