import { counterpartyOf } from './statement-detail.js';

describe('counterpartyOf', () => {
  const payer = { name: 'Payer', document: '***.456.789-**' };
  const receiver = { name: 'Receiver', document: '**.345.678/0001-**' };

  it.each(['cash_in', 'p2p_in', 'reversal_in'] as const)('is the payer of money that arrived (%s)', (type) => {
    expect(counterpartyOf(type, payer, receiver)).toEqual(payer);
  });

  it('masks a payer the record holds whole (from another institution), as the transaction record shows them', () => {
    const whole = { name: 'Ana', document: '52998224725', bank: { ispb: '18236120', participant_name: 'NU PAGAMENTOS - IP' } };
    expect(counterpartyOf('cash_in', whole, receiver)).toEqual({ ...whole, document: '***.982.247-**' });
  });

  it.each(['cash_out', 'p2p_out', 'reversal_out', 'med_return'] as const)('is the receiver of money that left (%s)', (type) => {
    expect(counterpartyOf(type, payer, receiver)).toBe(receiver);
  });
});
