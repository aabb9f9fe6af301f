import { Money } from '../../../../shared/money/money.js';
import { Transaction, type Party, type TransactionType } from '../../domain/transaction.aggregate.js';
import { presentTransaction } from './transaction.presenter.js';

const NOW = new Date('2026-03-10T15:00:00.000Z');
const E2E = 'E00000000202603101500AbCdEfGhIjK';

const present = (type: TransactionType, payer: Party | null, endToEndId: string | null = E2E) =>
  presentTransaction({
    transaction: Transaction.create({
      id: 't1',
      clientId: 'c1',
      accountId: 'a1',
      type,
      status: endToEndId ? 'completed' : 'pending',
      externalId: null,
      reference: null,
      amount: Money.of('10.00'),
      pixKey: null,
      pixKeyType: null,
      endToEndId,
      payer,
      receiver: null,
      description: null,
      txid: 'INV2026000042',
      metadata: null,
      now: NOW,
    }),
    entries: [],
  });

const ON_US = {
  name: 'Bruno Lima',
  document: '***.456.789-**',
  bank: { ispb: '99999004', participant_name: 'Instant Payments Sandbox', agency: '0001', account: '*****6789', account_type: 'payment' },
};
const EXTERNAL = { name: 'Carla Externa', document: '52998224725', bank: { ispb: '00000000', participant_name: 'BCO DO BRASIL S.A.' } };

describe('the transaction record: the payer with their institution (docs/adr/0225-the-payer-on-every-credit.md)', () => {
  it('a credit paid on-us: name, the masked document as recorded, our ISPB and name, no account', () => {
    const t = present('cash_in', ON_US);
    expect(t.payer).toEqual({
      name: 'Bruno Lima',
      document: '***.456.789-**',
      ispb: '99999004',
      institution_name: 'Instant Payments Sandbox',
    });
    expect(t).toMatchObject({ payer_name: 'Bruno Lima', payer_document: '***.456.789-**', txid: 'INV2026000042' });
  });

  it('a credit from another institution: the document kept whole is shown masked, everywhere in the record', () => {
    const t = present('cash_in', EXTERNAL);
    expect(t.payer).toEqual({
      name: 'Carla Externa',
      document: '***.982.247-**',
      ispb: '00000000',
      institution_name: 'BCO DO BRASIL S.A.',
    });
    expect(t.payer_document).toBe('***.982.247-**');
    expect(JSON.stringify(t)).not.toContain('52998224725');
  });

  it('an institution the participant list lacks: its ISPB, no name; a record without an institution: both null', () => {
    expect(present('cash_in', { ...EXTERNAL, bank: { ispb: '12312312', participant_name: null } }).payer).toMatchObject({
      ispb: '12312312',
      institution_name: null,
    });
    expect(present('cash_in', { name: 'Old Row', document: null }).payer).toEqual({
      name: 'Old Row',
      document: null,
      ispb: null,
      institution_name: null,
    });
  });

  it("a pending charge's expected payer is shown as its owner named it; one's own payment shows one's own document", () => {
    expect(present('cash_in', { name: 'Ana Lima', document: '52998224725' }, null).payer.document).toBe('52998224725');
    expect(present('cash_out', EXTERNAL).payer.document).toBe('52998224725');
  });

  it('a receiver known only by institution shows no bank object; a whole account is shown as recorded', () => {
    expect(present('med_return', null).receiver.bank).toBeNull();
    const t = presentTransaction({
      transaction: Transaction.restore({ ...medReturnSnapshot(), receiver: EXTERNAL }),
      entries: [],
    });
    expect(t.receiver.bank).toBeNull();
    const own = presentTransaction({ transaction: Transaction.restore({ ...medReturnSnapshot(), receiver: ON_US }), entries: [] });
    expect(own.receiver.bank).toEqual(ON_US.bank);
  });
});

function medReturnSnapshot() {
  return Transaction.create({
    id: 't2',
    clientId: 'c1',
    accountId: 'a1',
    type: 'med_return',
    status: 'completed',
    externalId: null,
    reference: null,
    amount: Money.of('1.00'),
    pixKey: null,
    pixKeyType: null,
    endToEndId: E2E,
    payer: null,
    receiver: null,
    description: null,
    metadata: null,
    now: NOW,
  }).snapshot;
}
