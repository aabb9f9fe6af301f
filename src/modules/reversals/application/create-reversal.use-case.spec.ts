import { Money } from '../../../shared/money/money.js';
import { domainRefusal } from '../../../shared/testing/refusal.js';
import type { CreateReversalCommand } from './create-reversal.use-case.js';
import {
  ANA,
  BB,
  BRUNO,
  DAY,
  EXTERNAL,
  NOON,
  ON_US,
  RECEIVED_AT,
  RETURN_TO_JOANA,
} from '../../transactions/application/received-payments.fakes.js';
import { reversalsWorld, type ReversalsWorld } from './reversals-world.fakes.js';

/** A return's end-to-end id (`D`) drawn by this institution at NOON. */
const REFUND_E2E_AT_NOON = /^D99999004202603101500[A-Za-z0-9]{11}$/;

/** The one place a CreateReversalCommand is built: Ana gives back 30.00 of Joana's payment unless told otherwise. */
function command(over: Partial<CreateReversalCommand> = {}): CreateReversalCommand {
  return { clientId: ANA.client, amount: '30.00', externalId: 'rev-1', endToEndId: EXTERNAL.endToEndId, ...over };
}

describe('CreateReversalUseCase, over in-memory fakes', () => {
  let w: ReversalsWorld;
  let n: number;

  beforeEach(async () => {
    w = reversalsWorld();
    n = 0;
    await w.receiveExternal('100.00');
  });

  /** Reverses with a fresh external id unless one is given; the reversal's id. */
  const reverse = async (over: Partial<CreateReversalCommand> = {}) =>
    (await w.create.execute(command({ externalId: `rev-${++n}`, ...over }))).snapshot.id;

  describe('a payment from another institution', () => {
    it('holds the amount, stores a queued reversal to Joana, writes its reversal_out row and reversal.queued, in one unit of work', async () => {
      const id = await w.create
        .execute(command({ reason: 'Order cancelled', customerMessage: 'Sorry', userMetadata: { order: 42 }, tags: ['refund'] }))
        .then((r) => r.snapshot.id);

      const reversal = w.reversal(id)!;
      expect(reversal).toEqual({
        id,
        clientId: ANA.client,
        accountId: ANA.account,
        externalId: 'rev-1',
        originalTransactionId: EXTERNAL.transactionId,
        originalEndToEndId: EXTERNAL.endToEndId,
        refundEndToEndId: expect.stringMatching(REFUND_E2E_AT_NOON),
        amount: '30.00',
        refundCode: 'MD06',
        reason: 'Order cancelled',
        customerMessage: 'Sorry',
        userMetadata: { order: 42 },
        tags: ['refund'],
        payee: RETURN_TO_JOANA.receiver,
        payeeTransactionId: null,
        status: 'queued',
        errorCode: null,
        errorMessage: null,
        completedAt: null,
        createdAt: NOON,
        updatedAt: NOON,
      });
      expect(w.balance(ANA.account)).toEqual({ available: '70.00', blocked: '30.00' });
      expect(w.ledgerOps(id)).toEqual([`${ANA.account} hold 30.000000`]);
      expect(w.transaction(id)).toMatchObject({
        clientId: ANA.client,
        accountId: ANA.account,
        type: 'reversal_out',
        status: 'queued',
        externalId: 'rev-1',
        reference: EXTERNAL.transactionId,
        amount: '30.00',
        endToEndId: reversal.refundEndToEndId,
        description: 'Order cancelled',
        metadata: { order: 42 },
        processedAt: null,
        createdAt: NOON,
      });
      // Ana's own details as payer; Joana, whom Ana never typed, masked as the receiver.
      expect(w.transaction(id)?.payer).toEqual({
        name: ANA.name,
        document: ANA.document,
        bank: {
          ispb: '99999004',
          participant_name: 'Instant Payments Sandbox',
          agency: '0001',
          account: '100001',
          account_type: 'payment',
        },
      });
      expect(w.transaction(id)?.receiver).toEqual({
        name: 'Joana Externa',
        document: '***.982.247-**',
        bank: { ispb: BB.ispb, participant_name: BB.name, agency: '1234', account: '***8901', account_type: 'checking' },
      });
      expect(w.refunded(EXTERNAL.transactionId)).toBe('30.00');
      expect(w.outbox.events).toEqual([
        {
          type: 'reversal.queued',
          aggregateId: id,
          clientId: ANA.client,
          webhook: false,
          payload: {
            transaction_id: id,
            external_id: 'rev-1',
            original_end_to_end_id: EXTERNAL.endToEndId,
            refund_end_to_end_id: reversal.refundEndToEndId,
            amount: '30.00',
            refund_code: 'MD06',
            status: 'queued',
          },
        },
      ]);
      expect(w.spi.calls).toEqual([]);
      expect(w.uow.committed).toBe(1);
      expect((await w.ledgerStore.verify()).balanced).toBe(true);
    });

    it('partial reversals add up, to exactly the amount received and not a cent more (REFUND_EXCEEDS_AVAILABLE)', async () => {
      await reverse({ amount: '30.00' });
      await reverse({ amount: '50.00' });
      expect(w.refunded(EXTERNAL.transactionId)).toBe('80.00');
      const before = w.trace();

      const refused = await domainRefusal(w.create.execute(command({ externalId: 'rev-over', amount: '20.01' })));

      expect(refused).toEqual({
        code: 'REFUND_EXCEEDS_AVAILABLE',
        message: 'At most 20.00 of this payment can still be reversed',
        details: [{ field: 'amount', issue: 'at most 20.00' }],
      });
      expect(w.trace()).toEqual(before);
      await reverse({ amount: '20.00' });
      expect(w.refunded(EXTERNAL.transactionId)).toBe('100.00');
      expect(w.balance(ANA.account)).toEqual({ available: '0.00', blocked: '100.00' });
      expect((await domainRefusal(reverse({ amount: '0.01' }))).details).toEqual([{ field: 'amount', issue: 'at most 0.00' }]);
    });

    it('refuses more than the payment in one go', async () => {
      expect((await domainRefusal(reverse({ amount: '100.01' }))).code).toBe('REFUND_EXCEEDS_AVAILABLE');
      expect(w.reversals.all()).toEqual([]);
      expect(w.balance(ANA.account)).toEqual({ available: '100.00', blocked: '0.00' });
    });

    it.each(['MD06', 'SL02'] as const)('takes refund code %s as given, into the reversal and its event', async (refundCode) => {
      w.cashParts.set(EXTERNAL.transactionId, { kind: 'withdrawal', amount: Money.of('100.00') });
      const id = await reverse({ refundCode });

      expect(w.reversal(id)?.refundCode).toBe(refundCode);
      expect(w.outbox.events.map((e) => e.payload)).toEqual([expect.objectContaining({ refund_code: refundCode })]);
    });

    it('without a refund code the reversal is MD06 (requested by the receiver)', async () => {
      const id = await reverse({ refundCode: undefined });

      expect(w.reversal(id)?.refundCode).toBe('MD06');
    });

    it('may be reversed until 90 days after it arrived, not a millisecond later (REVERSAL_WINDOW_CLOSED)', async () => {
      const deadline = RECEIVED_AT.getTime() + 90 * DAY;
      w.clock.set(new Date(deadline + 1));
      const before = w.trace();

      expect(await domainRefusal(reverse())).toEqual({
        code: 'REVERSAL_WINDOW_CLOSED',
        message: 'A payment can be reversed within 90 days of receiving it',
        details: [{ field: 'end_to_end_id', issue: 'received more than 90 days ago' }],
      });
      expect(w.trace()).toEqual(before);

      w.clock.set(new Date(deadline));
      const id = await reverse();
      expect(w.reversal(id)?.status).toBe('queued');
    });

    it('with too little available to hold, is refused with INSUFFICIENT_FUNDS and writes nothing', async () => {
      w.ledgerStore.seed(ANA.account, '29.99', '0', ANA.client);
      const before = w.trace();

      expect((await domainRefusal(reverse({ amount: '30.00' }))).code).toBe('INSUFFICIENT_FUNDS');
      expect(w.trace()).toEqual(before);
      expect(w.refunded(EXTERNAL.transactionId)).toBe('0.00');
    });
  });

  it("answers with ORIGINAL_PAYMENT_NOT_FOUND a payment unknown, another client's, or one the caller sent", async () => {
    await w.receiveOnUs('10.00');
    const before = w.trace();
    const notFound = {
      code: 'ORIGINAL_PAYMENT_NOT_FOUND',
      message: 'No completed payment you received has this end-to-end id',
      details: [{ field: 'end_to_end_id', issue: 'not a payment you received' }],
    };

    expect(await domainRefusal(reverse({ endToEndId: 'E00000000202603101400NOSUCHE2E01' }))).toEqual(notFound);
    expect(await domainRefusal(reverse({ clientId: BRUNO.client }))).toEqual(notFound);
    // Bruno paid Ana: his p2p_out is not a payment he received.
    expect(await domainRefusal(reverse({ clientId: BRUNO.client, endToEndId: ON_US.endToEndId, amount: '1.00' }))).toEqual(notFound);
    expect(w.trace()).toEqual(before);
  });

  // conventions §10: SL02 is only the withdrawal/change part of a Pix Saque/Troco charge (docs/adr/0218-refund-codes-clients-may-send.md)
  describe('refund code SL02: only the withdrawal or change part of a Pix Saque/Troco charge', () => {
    it('refuses SL02 for a payment that paid no Saque/Troco charge (REFUND_CODE_NOT_APPLICABLE), writing nothing', async () => {
      const before = w.trace();

      expect(await domainRefusal(reverse({ refundCode: 'SL02', amount: '1.00' }))).toEqual({
        code: 'REFUND_CODE_NOT_APPLICABLE',
        message: 'SL02 gives back only the withdrawal or change part of a Pix Saque or Pix Troco charge; this payment has none',
        details: [{ field: 'refund_code', issue: 'SL02 needs a payment of a Pix Saque or Pix Troco charge' }],
      });
      expect(w.trace()).toEqual(before);
    });

    it('caps SL02 at the change part less earlier SL02 reversals (REFUND_EXCEEDS_AVAILABLE); MD06 keeps the rest', async () => {
      w.cashParts.set(EXTERNAL.transactionId, { kind: 'change', amount: Money.of('30.00') });
      await reverse({ refundCode: 'SL02', amount: '20.00' });
      const before = w.trace();

      expect(await domainRefusal(reverse({ refundCode: 'SL02', amount: '10.01' }))).toEqual({
        code: 'REFUND_EXCEEDS_AVAILABLE',
        message: "At most 10.00 of this payment's change part can still be reversed as SL02",
        details: [{ field: 'amount', issue: 'at most 10.00 (the change part left)' }],
      });
      expect(w.trace()).toEqual(before);
      await reverse({ refundCode: 'SL02', amount: '10.00' });
      await reverse({ refundCode: 'MD06', amount: '70.00' });
      expect(w.refunded(EXTERNAL.transactionId)).toBe('100.00');
    });

    it('a failed SL02 reversal gave nothing back: its part may be reversed as SL02 again', async () => {
      w.cashParts.set(EXTERNAL.transactionId, { kind: 'withdrawal', amount: Money.of('25.00') });
      const failed = await reverse({ refundCode: 'SL02', amount: '25.00' });
      w.spi.onSend({ outcome: 'rejected', code: 'AC03', message: 'invalid creditor account' });
      await w.settle.execute(failed, false);
      expect(w.reversal(failed)?.status).toBe('failed');

      const again = await reverse({ refundCode: 'SL02', amount: '25.00' });

      expect(w.reversal(again)).toMatchObject({ refundCode: 'SL02', amount: '25.00', status: 'queued' });
    });

    it('MD06 is never capped by the Saque/Troco part, only by the payment', async () => {
      w.cashParts.set(EXTERNAL.transactionId, { kind: 'change', amount: Money.of('5.00') });

      const id = await reverse({ refundCode: 'MD06', amount: '100.00' });

      expect(w.reversal(id)).toMatchObject({ refundCode: 'MD06', amount: '100.00' });
    });
  });

  describe('a payment from a client of this institution (on-us)', () => {
    beforeEach(() => w.receiveOnUs('40.00'));

    it("moves the money at once: Ana's reversal_out and Bruno's reversal_in, both completed, with reversal.completed; no SPI", async () => {
      const reversal = (await w.create.execute(command({ endToEndId: ON_US.endToEndId, amount: '25.00', customerMessage: 'Sorry' })))
        .snapshot;
      const payeeTx = reversal.payeeTransactionId!;

      expect(w.reversal(reversal.id)).toMatchObject({
        status: 'completed',
        completedAt: NOON,
        originalTransactionId: ON_US.transactionId,
        payee: { name: BRUNO.name, ispb: '99999004', account: '100002', internal: { clientId: BRUNO.client, accountId: BRUNO.account } },
      });
      expect(w.ledgerOps(reversal.id)).toEqual([`${ANA.account} debit 25.000000`]);
      expect(w.ledgerOps(payeeTx)).toEqual([`${BRUNO.account} credit 25.000000`]);
      expect(w.balance(ANA.account)).toEqual({ available: '75.00', blocked: '0.00' });
      expect(w.balance(BRUNO.account)).toEqual({ available: '25.00', blocked: '0.00' });
      expect(w.transaction(reversal.id)).toMatchObject({
        clientId: ANA.client,
        type: 'reversal_out',
        status: 'completed',
        reference: ON_US.transactionId,
        amount: '25.00',
        endToEndId: reversal.refundEndToEndId,
        processedAt: NOON,
      });
      expect(w.transaction(payeeTx)).toMatchObject({
        clientId: BRUNO.client,
        accountId: BRUNO.account,
        type: 'reversal_in',
        status: 'completed',
        // His own payment: its usage of the pix_out limits is given back.
        reference: ON_US.payerTransactionId,
        amount: '25.00',
        endToEndId: reversal.refundEndToEndId,
        description: 'Sorry',
        // Ana as Bruno sees her: masked.
        payer: { name: ANA.name, document: '***.533.447-**', bank: expect.objectContaining({ account: '**0001' }) },
      });
      expect(w.refunded(ON_US.transactionId)).toBe('25.00');
      expect(w.outbox.events.map((e) => [e.type, e.aggregateId, e.clientId, e.webhook])).toEqual([
        ['reversal.completed', reversal.id, ANA.client, true],
      ]);
      expect((await w.ledgerStore.verify()).balanced).toBe(true);

      // Nothing is left to settle.
      await w.settle.execute(reversal.id, true);
      expect(w.spi.calls).toEqual([]);
      expect(w.reversal(reversal.id)?.status).toBe('completed');
    });

    it('partial on-us reversals add up to the payment, and no further', async () => {
      await reverse({ endToEndId: ON_US.endToEndId, amount: '15.00' });
      await reverse({ endToEndId: ON_US.endToEndId, amount: '25.00' });

      expect((await domainRefusal(reverse({ endToEndId: ON_US.endToEndId, amount: '0.01' }))).code).toBe('REFUND_EXCEEDS_AVAILABLE');
      expect(w.refunded(ON_US.transactionId)).toBe('40.00');
      expect(w.balance(BRUNO.account)).toEqual({ available: '40.00', blocked: '0.00' });
      // Joana's payment is a separate one: still wholly reversable.
      expect(w.refunded(EXTERNAL.transactionId)).toBe('0.00');
    });
  });

  describe('a failure inside the transaction rolls back every fake it touched', () => {
    it('external: a reused external id is refused after the hold was posted, and the hold goes with it', async () => {
      await reverse({ externalId: 'rev-once', amount: '10.00' });
      const before = w.trace();
      const journalsWritten = w.ledgerStore.calls.filter((c) => c.startsWith('journal')).length;

      const refused = await domainRefusal(w.create.execute(command({ externalId: 'rev-once', amount: '20.00' })));

      expect(refused).toMatchObject({ code: 'DUPLICATE_EXTERNAL_ID', details: [{ field: 'external_id', issue: 'already used' }] });
      // The second hold was written before the refusal...
      expect(w.ledgerStore.calls.filter((c) => c.startsWith('journal')).length).toBe(journalsWritten + 1);
      // ...and nothing of it is left.
      expect(w.trace()).toEqual(before);
      expect(w.balance(ANA.account)).toEqual({ available: '90.00', blocked: '10.00' });
      expect(w.refunded(EXTERNAL.transactionId)).toBe('10.00');
      expect(w.uow.rolledBack).toBe(1);
    });

    it("on-us: both sides' postings are undone, Bruno's credit included", async () => {
      await w.receiveOnUs('40.00');
      await reverse({ externalId: 'rev-once', endToEndId: ON_US.endToEndId, amount: '5.00' });
      const before = w.trace();

      expect((await domainRefusal(reverse({ externalId: 'rev-once', endToEndId: ON_US.endToEndId, amount: '7.00' }))).code).toBe(
        'DUPLICATE_EXTERNAL_ID',
      );

      expect(w.trace()).toEqual(before);
      expect(w.balance(BRUNO.account)).toEqual({ available: '5.00', blocked: '0.00' });
      expect(w.transactionStore.all().filter((t) => t.snapshot.type === 'reversal_in')).toHaveLength(1);
      expect(w.uow.rolledBack).toBe(1);
    });
  });
});
