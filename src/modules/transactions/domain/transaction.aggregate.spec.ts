import { Money } from '../../../shared/money/money.js';
import { Transaction } from './transaction.aggregate.js';

const NOW = new Date('2026-01-01T00:00:00Z');
const make = (status?: 'queued' | 'completed') =>
  Transaction.create({
    id: 't1',
    clientId: 'c1',
    accountId: 'a1',
    type: 'cash_out',
    externalId: null,
    reference: null,
    amount: Money.of('10.00'),
    taxAmount: Money.of('0.50'),
    pixKey: null,
    pixKeyType: null,
    endToEndId: null,
    payer: null,
    receiver: null,
    description: null,
    metadata: null,
    now: NOW,
    ...(status ? { status } : {}),
  });

describe('Transaction', () => {
  it('starts pending with net = gross - tax', () => {
    const t = make();
    expect(t.status).toBe('pending');
    expect(t.netAmount.toFixed2()).toBe('9.50');
    expect(t.snapshot.processedAt).toBeNull();
  });

  it('takes the status its payment starts in, and stamps processed_at only when created completed', () => {
    expect(make('queued').snapshot).toMatchObject({ status: 'queued', processedAt: null, createdAt: NOW, updatedAt: NOW });
    expect(make('completed').snapshot).toMatchObject({ status: 'completed', processedAt: NOW });
  });

  it('defaults to no fee and the api channel', () => {
    const t = Transaction.create({
      id: 't2',
      clientId: 'c1',
      accountId: 'a1',
      type: 'cash_in',
      externalId: null,
      reference: null,
      amount: Money.of('1.00'),
      pixKey: null,
      pixKeyType: null,
      endToEndId: null,
      payer: null,
      receiver: null,
      description: null,
      metadata: null,
      now: NOW,
    });
    expect(t.snapshot.taxAmount.toFixed2()).toBe('0.00');
    expect(t.snapshot.channel).toBe('api');
  });
});
