import { Money } from '../../../shared/money/money.js';
import { cashInCompleted, type CashInCompletedSource } from './cash-in.events.js';

const CREDIT: CashInCompletedSource = {
  transactionId: '0b6c1e7a-3f5d-4a2b-9c8e-7d6f5e4a3b21',
  clientId: 'c0a80101-0000-4000-8000-000000000002',
  accountId: 'a0a80101-0000-4000-8000-000000000002',
  endToEndId: 'E00000000202511201200AbCdEfGhIjK',
  amount: Money.of('100'),
  fee: Money.of('1.5'),
  pspIspb: '12345678',
  payer: { name: 'Ana Pagadora', document: '52998224725', ispb: '00000000', institutionName: 'BCO DO BRASIL S.A.' },
};

describe('cash-in event builder', () => {
  it('cash_in.completed: one payload for on-us credits and deposits, money with 2 decimals', () => {
    expect(cashInCompleted(CREDIT)).toEqual({
      type: 'cash_in.completed',
      aggregateId: CREDIT.transactionId,
      clientId: CREDIT.clientId,
      webhook: true,
      payload: {
        transaction_id: CREDIT.transactionId,
        end_to_end_id: 'E00000000202511201200AbCdEfGhIjK',
        amount: '100.00',
        fee: '1.50',
        net_amount: '98.50',
        account_id: CREDIT.accountId,
        psp_ispb: '12345678',
        conciliation_id: null,
        txid: null,
        pix_key: null,
        payer: { name: 'Ana Pagadora', document: '***.982.247-**', ispb: '00000000', institution_name: 'BCO DO BRASIL S.A.' },
      },
    });
  });

  it("cash_in.completed shows the payer's document masked, whether it was stored in full or masked already", () => {
    const masked = { ...CREDIT.payer, document: '***.982.247-**' };
    expect(cashInCompleted({ ...CREDIT, payer: masked }).payload.payer.document).toBe('***.982.247-**');
    expect(cashInCompleted({ ...CREDIT, payer: { ...CREDIT.payer, document: '11222333000181' } }).payload.payer.document).toBe(
      '**.222.333/0001-**',
    );
  });

  it('cash_in.completed: a payer without a document, and an institution the participant list lacks, are null', () => {
    const unknown = { name: null, document: null, ispb: '99999999', institutionName: null };
    expect(cashInCompleted({ ...CREDIT, payer: unknown }).payload.payer).toEqual({
      name: null,
      document: null,
      ispb: '99999999',
      institution_name: null,
    });
  });

  it("cash_in.completed carries a static QR code's txid apart from a charge's conciliation_id", () => {
    expect(cashInCompleted({ ...CREDIT, txid: 'INV2026000042' }).payload).toMatchObject({ conciliation_id: null, txid: 'INV2026000042' });
  });

  it('cash_in.completed names the receiving key the payment was sent to, when it named one', () => {
    expect(cashInCompleted({ ...CREDIT, pixKey: 'loja@example.com' }).payload.pix_key).toBe('loja@example.com');
  });

  it('without a fee, the net amount is the amount', () => {
    expect(cashInCompleted({ ...CREDIT, fee: Money.zero() }).payload).toMatchObject({
      amount: '100.00',
      fee: '0.00',
      net_amount: '100.00',
    });
  });
});
