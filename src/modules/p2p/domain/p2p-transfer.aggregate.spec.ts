import type { Counterparty } from '../../../shared/domain/counterparty.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { Money } from '../../../shared/money/money.js';
import { P2pTransfer, type P2pTransferProps } from './p2p-transfer.aggregate.js';

const party = (name: string, account: string): Counterparty => ({
  name,
  document: '52998224725',
  ispb: '99999004',
  participantName: 'Instant Payments Sandbox',
  branch: '0001',
  account,
  accountType: 'payment',
});
const T0 = new Date('2026-03-10T15:00:00.000Z');
const props: P2pTransferProps = {
  id: '11111111-1111-4111-8111-111111111111',
  receiverTransactionId: '22222222-2222-4222-8222-222222222222',
  endToEndId: 'E99999004202603101500AbCdEfGhIjK',
  payerClientId: 'client-ana',
  payerAccountId: 'acc-ana',
  payeeClientId: 'client-bruno',
  payeeAccountId: 'acc-bruno',
  payer: party('Ana', '100001'),
  payee: party('Bruno', '100002'),
  amount: Money.of('12.34'),
  description: 'Dinner',
  externalId: 'split-1',
  createdAt: T0,
};

describe('P2pTransfer', () => {
  it('records p2p.sent for the payer and p2p.received for the payee, with one end-to-end id', () => {
    const events = P2pTransfer.make(props).pullEvents();
    expect(events.map((e) => [e.type, e.aggregateId, e.clientId])).toEqual([
      ['p2p.sent', props.id, 'client-ana'],
      ['p2p.received', props.receiverTransactionId, 'client-bruno'],
    ]);
    expect(events[0]!.payload).toEqual({
      transaction_id: props.id,
      end_to_end_id: props.endToEndId,
      amount: '12.34',
      from_account_id: 'acc-ana',
      to_account_id: 'acc-bruno',
      to_name: 'Bruno',
      external_id: 'split-1',
      description: 'Dinner',
      created_at: T0.toISOString(),
    });
    // The payer's external id is the payer's own: the payee never sees it.
    expect(events[1]!.payload).toEqual({
      transaction_id: props.receiverTransactionId,
      end_to_end_id: props.endToEndId,
      amount: '12.34',
      to_account_id: 'acc-bruno',
      from_name: 'Ana',
      description: 'Dinner',
      created_at: T0.toISOString(),
    });
  });

  it("refuses paying oneself, also into another account of one's own (SAME_ACCOUNT)", () => {
    for (const payeeAccountId of ['acc-ana', 'acc-ana-2']) {
      let err: unknown;
      try {
        P2pTransfer.make({ ...props, payeeClientId: 'client-ana', payeeAccountId });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).code).toBe('SAME_ACCOUNT');
    }
  });
});
