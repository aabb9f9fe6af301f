import { DomainError } from '../../../../shared/errors/domain-error.js';
import { cobvProperty, createCobVCommand, reviseCobVCommand } from './cobv.command.js';
import type { CobVRequest } from './cobv.request.js';

const body = (valor: object, extra: object = {}): CobVRequest =>
  ({
    calendario: { dataDeVencimento: '2026-03-20' },
    devedor: { cpf: '12345678909', nome: 'Francisco', cidade: 'Recife' },
    valor: { original: '100.00', ...valor },
    chave: 'key',
    ...extra,
  }) as CobVRequest;

function refused(run: () => unknown): string[] {
  try {
    run();
  } catch (err) {
    return (err as DomainError).details.map((d) => d.field).sort();
  }
  throw new Error('not refused');
}

describe('API Pix cobv onto the due-date charge (docs/api-pix.md, "cobv")', () => {
  it('maps each modality onto the DueDateTerms, and the devedor onto the payer and its address', () => {
    const cmd = createCobVCommand(
      body({
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
        abatimento: { modalidade: 1, valorPerc: '5.00' },
        desconto: { modalidade: 1, descontoDataFixa: [{ data: '2026-03-15', valorPerc: '10.00' }] },
      }),
      'client-1',
      'txid',
    );
    expect(cmd).toMatchObject({
      clientId: 'client-1',
      txid: 'txid',
      reference: 'txid',
      amount: '100.00',
      payerName: 'Francisco',
      payerDocument: '12345678909',
      terms: {
        dueDate: '2026-03-20',
        penalty: { mode: 2, value: '2.00' },
        interest: { mode: 3, value: '1.00' },
        rebate: { mode: 1, value: '5.00' },
        discount: { mode: 1, fixedDates: [{ date: '2026-03-15', value: '10.00' }] },
      },
      details: { payerAddress: { city: 'Recife' } },
    });
    expect(createCobVCommand(body({ desconto: { modalidade: 4, valorPerc: '0.50' } }), 'c', 't').terms?.discount).toEqual({
      mode: 4,
      value: '0.50',
    });
  });

  it('refuses what the service cannot represent, naming the API Pix property', () => {
    expect(refused(() => createCobVCommand(body({ juros: { modalidade: 5, valorPerc: '1.00' } }), 'c', 't'))).toEqual([
      'cobv.valor.juros.modalidade',
    ]);
    expect(
      refused(() => createCobVCommand(body({}, { calendario: { dataDeVencimento: '2026-03-20', validadeAposVencimento: 5 } }), 'c', 't')),
    ).toEqual(['cobv.calendario.validadeAposVencimento']);
    expect(refused(() => createCobVCommand(body({ desconto: { modalidade: 3 } }), 'c', 't'))).toEqual(['cobv.valor.desconto.valorPerc']);
    // A location is checked with the charge (docs/adr/0238-api-pix-locations-are-the-clients-own.md); a revision cannot move it.
    expect(createCobVCommand(body({}, { loc: { id: 7 } }), 'c', 't').locationId).toBe(7);
    expect(refused(() => reviseCobVCommand({ loc: { id: 7 } } as never))).toEqual(['cobv.loc']);
    expect(refused(() => reviseCobVCommand({ valor: { original: '1.00' } } as never))).toEqual(['cobv.valor']);
    expect(refused(() => reviseCobVCommand({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', solicitacaoPagador: 'x' }))).toEqual([
      'cobv.status',
    ]);
  });

  it('names the terms’ refusals in API Pix’s words', () => {
    expect(cobvProperty('due_date')).toBe('cobv.calendario.dataDeVencimento');
    expect(cobvProperty('amount')).toBe('cobv.valor.original');
    expect(cobvProperty('penalty.mode')).toBe('cobv.valor.multa.modalidade');
    expect(cobvProperty('interest.value')).toBe('cobv.valor.juros.valorPerc');
    expect(cobvProperty('rebate.value')).toBe('cobv.valor.abatimento.valorPerc');
    expect(cobvProperty('discount.fixed_dates')).toBe('cobv.valor.desconto.descontoDataFixa');
    expect(cobvProperty('discount.fixed_dates[1].date')).toBe('cobv.valor.desconto.descontoDataFixa[1].data');
    expect(cobvProperty('discount.fixed_dates[0].value')).toBe('cobv.valor.desconto.descontoDataFixa[0].valorPerc');
    expect(cobvProperty('valor.multa')).toBe('cobv.valor.multa');
  });

  it('revises the payer whole, address included', () => {
    expect(reviseCobVCommand({ devedor: { cnpj: '12345678000195', nome: 'Empresa' } })).toEqual({
      remove: false,
      changes: { expectedPayer: { name: 'Empresa', document: '12345678000195' }, payerAddress: null },
    });
    expect(reviseCobVCommand({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' })).toEqual({ remove: true });
  });
});
