import { Money } from '../../../shared/money/money.js';
import {
  ANA,
  BRUNO,
  DAY,
  EXTERNAL,
  HOUR,
  JOANA_RECORD,
  NOON,
  ON_US,
  RECEIVED_AT,
} from '../../transactions/application/received-payments.fakes.js';
import { medWorld, type MedWorld } from './med-world.fakes.js';
import { domainRefusal } from '../../../shared/testing/refusal.js';

/** `ms` after NOON, when the requests below are opened. */
const afterNoon = (ms: number) => new Date(NOON.getTime() + ms);

/** A return's end-to-end id (`D`) drawn by this institution at NOON. */
const RETURN_E2E_AT_NOON = /^D99999004202603101500[A-Za-z0-9]{11}$/;

describe('MED, over in-memory fakes', () => {
  let w: MedWorld;

  beforeEach(async () => {
    w = medWorld();
    await w.receiveExternal('100.00');
  });

  const openExternal = async (over: { amount?: string; reason?: string } = {}) =>
    (await w.open.execute({ clientId: ANA.client, endToEndId: EXTERNAL.endToEndId, ...over })).snapshot.id;

  describe('OpenMedUseCase', () => {
    it('opens a request against a received payment, blocking the whole claim, with med.opened, in one unit of work', async () => {
      const id = await openExternal({ reason: 'fraud' });

      expect(w.med(id)).toEqual({
        id,
        end_to_end_id: EXTERNAL.endToEndId,
        transaction_id: EXTERNAL.transactionId,
        account_id: ANA.account,
        amount: '100.00',
        blocked_amount: '100.00',
        reason: 'fraud',
        status: 'OPEN',
        response_reason: null,
        return_transaction_id: null,
        return_end_to_end_id: null,
        respond_by: new Date(NOON.getTime() + 7 * DAY).toISOString(),
        created_at: NOON.toISOString(),
        updated_at: NOON.toISOString(),
        responded_at: null,
        return_status: null,
        return_amount: null,
      });
      expect(w.balance(ANA.account)).toEqual({ available: '0.00', blocked: '100.00' });
      // Tagged with the payment: its statement shows why the money is blocked.
      expect(w.ledgerOps(EXTERNAL.transactionId)).toEqual([`${ANA.account} block 100.000000`]);
      expect(w.outbox.events).toEqual([
        expect.objectContaining({ type: 'med.opened', aggregateId: id, clientId: ANA.client, webhook: true }),
      ]);
      expect(w.outbox.events[0]!.payload).toMatchObject({ status: 'OPEN', amount: '100.00', blocked_amount: '100.00' });
      expect(w.uow.committed).toBe(1);
    });

    it('blocks only the part claimed', async () => {
      const id = await openExternal({ amount: '40.00' });

      expect(w.med(id)).toMatchObject({ amount: '40.00', blocked_amount: '40.00' });
      expect(w.balance(ANA.account)).toEqual({ available: '60.00', blocked: '40.00' });
    });

    it('blocks no more than the receiver still has available', async () => {
      w.ledgerStore.seed(ANA.account, '30.00', '0', ANA.client);
      const id = await openExternal();

      expect(w.med(id)).toMatchObject({ amount: '100.00', blocked_amount: '30.00' });
      expect(w.balance(ANA.account)).toEqual({ available: '0.00', blocked: '30.00' });
    });

    it('with nothing available it still opens, blocking nothing and posting no journal', async () => {
      w.ledgerStore.seed(ANA.account, '0.00', '0', ANA.client);
      const id = await openExternal();

      expect(w.med(id)).toMatchObject({ status: 'OPEN', blocked_amount: '0.00' });
      expect(w.ledgerStore.journals).toEqual([]);
    });

    it('blocks no more than what of the payment is not yet paid back', async () => {
      await w.transactions.addRefunded(EXTERNAL.transactionId, Money.of('60.00'));
      const id = await openExternal();

      expect(w.med(id)).toMatchObject({ amount: '100.00', blocked_amount: '40.00' });
    });

    it('refuses a claim above the payment with MED_AMOUNT_EXCEEDS_PAYMENT, writing nothing', async () => {
      const before = w.trace();

      expect(await domainRefusal(openExternal({ amount: '100.01' }))).toMatchObject({
        code: 'MED_AMOUNT_EXCEEDS_PAYMENT',
        details: [{ field: 'amount', issue: 'must be at most 100.00' }],
      });
      expect(w.trace()).toEqual(before);
    });

    it('refuses a second request for one payment with MED_ALREADY_EXISTS, blocking nothing more', async () => {
      await openExternal({ amount: '10.00' });
      const before = w.trace();

      expect((await domainRefusal(openExternal({ amount: '10.00' }))).code).toBe('MED_ALREADY_EXISTS');
      expect(w.trace()).toEqual(before);
    });

    it('opens up to 80 days after the payment, to the millisecond; later is MED_CLAIM_WINDOW_CLOSED, writing nothing', async () => {
      w.clock.set(new Date(RECEIVED_AT.getTime() + 80 * DAY + 1));
      const before = w.trace();
      expect(await domainRefusal(openExternal())).toMatchObject({
        code: 'MED_CLAIM_WINDOW_CLOSED',
        details: [{ field: 'end_to_end_id', issue: 'received more than 80 days ago' }],
      });
      expect(w.trace()).toEqual(before);

      w.clock.set(new Date(RECEIVED_AT.getTime() + 80 * DAY));
      const id = await openExternal();
      expect(w.med(id)).toMatchObject({ status: 'OPEN', blocked_amount: '100.00' });
    });

    it('takes the claim window from MED_CLAIM_WINDOW_DAYS', async () => {
      w = medWorld({ MED_CLAIM_WINDOW_DAYS: '10' });
      await w.receiveExternal('100.00');
      w.clock.set(new Date(RECEIVED_AT.getTime() + 10 * DAY + 1));
      expect((await domainRefusal(openExternal())).code).toBe('MED_CLAIM_WINDOW_CLOSED');
      w.clock.set(new Date(RECEIVED_AT.getTime() + 10 * DAY));
      expect(w.med(await openExternal())?.status).toBe('OPEN');
    });

    it("answers a payment the client did not receive with TRANSACTION_NOT_FOUND (unknown, or another client's)", async () => {
      await w.receiveOnUs();

      expect((await domainRefusal(w.open.execute({ clientId: ANA.client, endToEndId: 'E00000000202603101400NOSUCHPAY01' }))).code).toBe(
        'TRANSACTION_NOT_FOUND',
      );
      // Bruno sent this one: it is not a payment he received.
      expect((await domainRefusal(w.open.execute({ clientId: BRUNO.client, endToEndId: ON_US.endToEndId }))).code).toBe(
        'TRANSACTION_NOT_FOUND',
      );
      expect(w.meds.all()).toEqual([]);
    });
  });

  describe('RespondMedUseCase', () => {
    it('reject: the block is released and med.rejected written, with the reason', async () => {
      const id = await openExternal({ amount: '40.00' });
      w.clock.advance(HOUR);

      const med = await w.respond.execute({ clientId: ANA.client, medId: id, action: 'reject', reason: 'legit sale' });

      expect(med.status).toBe('REJECTED');
      expect(w.med(id)).toMatchObject({
        status: 'REJECTED',
        response_reason: 'legit sale',
        responded_at: new Date(NOON.getTime() + HOUR).toISOString(),
        return_status: null,
      });
      expect(w.balance(ANA.account)).toEqual({ available: '100.00', blocked: '0.00' });
      expect(w.ledgerOps(EXTERNAL.transactionId)).toEqual([`${ANA.account} block 40.000000`, `${ANA.account} unblock 40.000000`]);
      expect(w.outbox.events.map((e) => e.type)).toEqual(['med.opened', 'med.rejected']);
    });

    it('approve, payer at another institution: the funds stay blocked and a processing med_return waits for the SPI', async () => {
      const id = await openExternal({ amount: '40.00' });

      await w.respond.execute({ clientId: ANA.client, medId: id, action: 'approve' });

      const med = w.med(id)!;
      expect(med).toMatchObject({ status: 'APPROVED', return_status: 'processing', return_amount: '40.00' });
      expect(med.return_end_to_end_id).toMatch(RETURN_E2E_AT_NOON);
      expect(w.balance(ANA.account)).toEqual({ available: '60.00', blocked: '40.00' });
      expect(w.transaction(med.return_transaction_id!)).toMatchObject({
        clientId: ANA.client,
        accountId: ANA.account,
        type: 'med_return',
        status: 'processing',
        amount: '40.00',
        endToEndId: med.return_end_to_end_id,
        reference: EXTERNAL.endToEndId,
        // Money goes back the way it came: Ana pays, Joana receives.
        payer: expect.objectContaining({ name: ANA.name }),
        receiver: JOANA_RECORD,
      });
      expect(w.transaction(EXTERNAL.transactionId)?.refundedAmount).toBe('40.00');
      expect(w.outbox.events.at(-1)).toMatchObject({
        type: 'med.approved',
        payload: { status: 'APPROVED', return_transaction_id: med.return_transaction_id, return_end_to_end_id: med.return_end_to_end_id },
      });
    });

    it('approve, payer on-us: the blocked funds are captured and credited to the payer at once, as his reversal_in', async () => {
      await w.receiveOnUs('100.00');
      const id = (await w.open.execute({ clientId: ANA.client, endToEndId: ON_US.endToEndId, amount: '25.00' })).snapshot.id;

      await w.respond.execute({ clientId: ANA.client, medId: id, action: 'approve' });

      const med = w.med(id)!;
      expect(med).toMatchObject({ status: 'APPROVED', return_status: 'completed', return_amount: '25.00' });
      expect(w.balance(ANA.account)).toEqual({ available: '75.00', blocked: '0.00' });
      expect(w.balance(BRUNO.account)).toEqual({ available: '25.00', blocked: '0.00' });
      expect(w.ledgerOps(med.return_transaction_id!)).toEqual([`${ANA.account} capture 25.000000`]);
      expect(w.transaction(med.return_transaction_id!)).toMatchObject({ type: 'med_return', status: 'completed', amount: '25.00' });
      const [reversalIn] = w.transactionStore.all().filter((t) => t.snapshot.type === 'reversal_in');
      expect(reversalIn?.snapshot).toMatchObject({
        clientId: BRUNO.client,
        accountId: BRUNO.account,
        status: 'completed',
        reference: ON_US.payerTransactionId,
        endToEndId: med.return_end_to_end_id,
      });
      expect(w.ledgerOps(reversalIn!.snapshot.id)).toEqual([`${BRUNO.account} credit 25.000000`]);
      expect((await w.ledgerStore.verify()).balanced).toBe(true);
    });

    it('approve after a reversal paid part back meanwhile: only the rest is returned, the other part released', async () => {
      const id = await openExternal();
      await w.transactions.addRefunded(EXTERNAL.transactionId, Money.of('70.00'));

      await w.respond.execute({ clientId: ANA.client, medId: id, action: 'approve' });

      expect(w.med(id)).toMatchObject({
        status: 'APPROVED',
        blocked_amount: '100.00',
        return_amount: '30.00',
        return_status: 'processing',
      });
      expect(w.balance(ANA.account)).toEqual({ available: '70.00', blocked: '30.00' });
      expect(w.transaction(EXTERNAL.transactionId)?.refundedAmount).toBe('100.00');
    });

    it('approve with nothing blocked returns nothing and writes no med_return', async () => {
      w.ledgerStore.seed(ANA.account, '0.00', '0', ANA.client);
      const id = await openExternal();

      await w.respond.execute({ clientId: ANA.client, medId: id, action: 'approve' });

      expect(w.med(id)).toMatchObject({ status: 'APPROVED', return_transaction_id: null, return_status: null });
      expect(w.transactionStore.all().map((t) => t.snapshot.type)).toEqual(['cash_in']);
    });

    it('refuses a second answer with MED_ALREADY_RESPONDED, changing nothing', async () => {
      const id = await openExternal();
      await w.respond.execute({ clientId: ANA.client, medId: id, action: 'reject' });
      const before = w.trace();

      expect((await domainRefusal(w.respond.execute({ clientId: ANA.client, medId: id, action: 'approve' }))).code).toBe(
        'MED_ALREADY_RESPONDED',
      );
      expect(w.trace()).toEqual(before);
    });

    it('an answer at the deadline closes the request instead (block released, med.closed committed) and is refused', async () => {
      const id = await openExternal({ amount: '40.00' });
      w.clock.advance(7 * DAY);

      expect(await domainRefusal(w.respond.execute({ clientId: ANA.client, medId: id, action: 'approve' }))).toMatchObject({
        code: 'MED_ALREADY_RESPONDED',
        message: expect.stringContaining('passed its deadline'),
      });
      expect(w.med(id)).toMatchObject({ status: 'CLOSED', return_transaction_id: null });
      expect(w.balance(ANA.account)).toEqual({ available: '100.00', blocked: '0.00' });
      expect(w.outbox.events.map((e) => e.type)).toEqual(['med.opened', 'med.closed']);
    });

    it('approve after the hold ended: the available part, up to what was blocked at opening, is blocked again and goes back', async () => {
      const id = await openExternal({ amount: '40.00' });
      w.clock.set(afterNoon(72 * HOUR));
      await w.deadlines.sweep(w.clock.now());
      expect(w.balance(ANA.account)).toEqual({ available: '100.00', blocked: '0.00' });

      await w.respond.execute({ clientId: ANA.client, medId: id, action: 'approve' });

      expect(w.med(id)).toMatchObject({ status: 'APPROVED', return_amount: '40.00', return_status: 'processing' });
      // The return to another institution keeps its funds blocked until the SPI settles it.
      expect(w.balance(ANA.account)).toEqual({ available: '60.00', blocked: '40.00' });
      expect(w.ledgerOps(EXTERNAL.transactionId)).toEqual([
        `${ANA.account} block 40.000000`,
        `${ANA.account} unblock 40.000000`,
        `${ANA.account} block 40.000000`,
      ]);
    });

    it('approve after the hold ended returns only what is available then (the rest was spent meanwhile)', async () => {
      await w.receiveOnUs('100.00');
      const id = (await w.open.execute({ clientId: ANA.client, endToEndId: ON_US.endToEndId, amount: '40.00' })).snapshot.id;
      w.clock.set(afterNoon(72 * HOUR));
      await w.deadlines.sweep(w.clock.now());
      // Ana spent all but 25.00 of her 200.00 while the request was in analysis.
      w.ledgerStore.seed(ANA.account, '25.00', '0', ANA.client);

      await w.respond.execute({ clientId: ANA.client, medId: id, action: 'approve' });

      expect(w.med(id)).toMatchObject({ status: 'APPROVED', blocked_amount: '40.00', return_amount: '25.00', return_status: 'completed' });
      expect(w.balance(ANA.account)).toEqual({ available: '0.00', blocked: '0.00' });
      expect(w.balance(BRUNO.account)).toEqual({ available: '25.00', blocked: '0.00' });
    });

    it('an answer at the end of the hold, before the sweep: the hold ends first (released, med.in_analysis), then the answer', async () => {
      const id = await openExternal({ amount: '40.00' });
      w.clock.set(afterNoon(72 * HOUR));

      await w.respond.execute({ clientId: ANA.client, medId: id, action: 'reject' });

      expect(w.med(id)?.status).toBe('REJECTED');
      expect(w.balance(ANA.account)).toEqual({ available: '100.00', blocked: '0.00' });
      expect(w.ledgerOps(EXTERNAL.transactionId)).toEqual([`${ANA.account} block 40.000000`, `${ANA.account} unblock 40.000000`]);
      expect(w.outbox.events.map((e) => e.type)).toEqual(['med.opened', 'med.in_analysis', 'med.rejected']);
    });

    it("answers another client's request with MED_NOT_FOUND", async () => {
      const id = await openExternal();

      expect((await domainRefusal(w.respond.execute({ clientId: BRUNO.client, medId: id, action: 'reject' }))).code).toBe('MED_NOT_FOUND');
      expect(w.med(id)?.status).toBe('OPEN');
    });
  });

  describe('MedDeadlines.sweep', () => {
    it('ends the hold of a request unanswered for 72 h, not a millisecond earlier: IN_ANALYSIS, the block released', async () => {
      const id = await openExternal({ amount: '40.00' });

      w.clock.set(afterNoon(72 * HOUR - 1));
      expect(await w.deadlines.sweep(w.clock.now())).toBe(0);
      expect(w.balance(ANA.account)).toEqual({ available: '60.00', blocked: '40.00' });
      w.clock.set(afterNoon(72 * HOUR));
      expect(await w.deadlines.sweep(w.clock.now())).toBe(1);
      expect(await w.deadlines.sweep(w.clock.now())).toBe(0);

      expect(w.med(id)).toMatchObject({ status: 'IN_ANALYSIS', blocked_amount: '40.00' });
      expect(w.balance(ANA.account)).toEqual({ available: '100.00', blocked: '0.00' });
      expect(w.ledgerOps(EXTERNAL.transactionId)).toEqual([`${ANA.account} block 40.000000`, `${ANA.account} unblock 40.000000`]);
      expect(w.outbox.events.map((e) => e.type)).toEqual(['med.opened', 'med.in_analysis']);
      // Still answerable in analysis.
      await w.respond.execute({ clientId: ANA.client, medId: id, action: 'reject' });
      expect(w.med(id)?.status).toBe('REJECTED');
    });

    it('closes a request unanswered at its deadline, releasing its block, once', async () => {
      const id = await openExternal({ amount: '40.00' });
      w.clock.advance(7 * DAY);

      expect(await w.deadlines.sweep(w.clock.now())).toBe(1);
      expect(await w.deadlines.sweep(w.clock.now())).toBe(0);

      expect(w.med(id)).toMatchObject({ status: 'CLOSED' });
      expect(w.balance(ANA.account)).toEqual({ available: '100.00', blocked: '0.00' });
      expect(w.ledgerOps(EXTERNAL.transactionId)).toEqual([`${ANA.account} block 40.000000`, `${ANA.account} unblock 40.000000`]);
      expect(w.outbox.events.map((e) => e.type)).toEqual(['med.opened', 'med.closed']);
    });

    it('closes a request in analysis at respond_by, not a millisecond earlier, moving no money (its hold already ended)', async () => {
      const id = await openExternal({ amount: '40.00' });
      w.clock.set(afterNoon(72 * HOUR));
      await w.deadlines.sweep(w.clock.now());

      w.clock.set(afterNoon(7 * DAY - 1));
      expect(await w.deadlines.sweep(w.clock.now())).toBe(0);
      expect(w.med(id)?.status).toBe('IN_ANALYSIS');
      w.clock.set(afterNoon(7 * DAY));
      expect(await w.deadlines.sweep(w.clock.now())).toBe(1);

      expect(w.med(id)).toMatchObject({ status: 'CLOSED', responded_at: null });
      expect(w.balance(ANA.account)).toEqual({ available: '100.00', blocked: '0.00' });
      expect(w.ledgerOps(EXTERNAL.transactionId)).toEqual([`${ANA.account} block 40.000000`, `${ANA.account} unblock 40.000000`]);
      expect(w.outbox.events.map((e) => e.type)).toEqual(['med.opened', 'med.in_analysis', 'med.closed']);
    });

    it('applies MED_BLOCK_HOURS and MED_ANALYSIS_DAYS at their edges', async () => {
      w = medWorld({ MED_BLOCK_HOURS: '24', MED_ANALYSIS_DAYS: '2' });
      await w.receiveExternal('100.00');
      const id = await openExternal({ amount: '40.00' });
      expect(w.med(id)?.respond_by).toBe(afterNoon(2 * DAY).toISOString());

      w.clock.set(afterNoon(24 * HOUR - 1));
      expect(await w.deadlines.sweep(w.clock.now())).toBe(0);
      w.clock.set(afterNoon(24 * HOUR));
      expect(await w.deadlines.sweep(w.clock.now())).toBe(1);
      expect(w.med(id)?.status).toBe('IN_ANALYSIS');
      w.clock.set(afterNoon(2 * DAY - 1));
      expect(await w.deadlines.sweep(w.clock.now())).toBe(0);
      w.clock.set(afterNoon(2 * DAY));
      expect(await w.deadlines.sweep(w.clock.now())).toBe(1);
      expect(w.med(id)?.status).toBe('CLOSED');
    });

    it('leaves answered requests alone', async () => {
      const answered = await openExternal({ amount: '10.00' });
      await w.respond.execute({ clientId: ANA.client, medId: answered, action: 'reject' });
      w.clock.advance(8 * DAY);

      expect(await w.deadlines.sweep(w.clock.now())).toBe(0);
      expect(w.med(answered)?.status).toBe('REJECTED');
    });

    it('takes at most `limit` requests per batch, the oldest first', async () => {
      await w.receiveOnUs();
      const older = await openExternal({ amount: '10.00' });
      w.clock.advance(HOUR);
      const newer = (await w.open.execute({ clientId: ANA.client, endToEndId: ON_US.endToEndId, amount: '10.00' })).snapshot.id;
      w.clock.advance(8 * DAY);

      expect(await w.deadlines.sweep(w.clock.now(), 1)).toBe(1);
      expect([w.med(older)?.status, w.med(newer)?.status]).toEqual(['CLOSED', 'OPEN']);
      expect(await w.deadlines.sweep(w.clock.now(), 1)).toBe(1);
      expect(await w.deadlines.sweep(w.clock.now(), 1)).toBe(0);
      expect(w.med(newer)?.status).toBe('CLOSED');
    });
  });

  describe('ListMedUseCase', () => {
    it("lists the caller's requests in one status, newest first, with the total", async () => {
      await w.receiveOnUs();
      const first = await openExternal({ amount: '1.00' });
      w.clock.advance(HOUR);
      const second = (await w.open.execute({ clientId: ANA.client, endToEndId: ON_US.endToEndId, amount: '1.00' })).snapshot.id;

      const page = await w.list.execute(ANA.client, 'OPEN', 1, 10);

      expect(page).toMatchObject({ page: 1, pageSize: 10, total: 2 });
      expect(page.items.map((m) => m.snapshot.id)).toEqual([second, first]);
      expect((await w.list.execute(ANA.client, 'CLOSED', 1, 10)).total).toBe(0);
      expect((await w.list.execute(BRUNO.client, 'OPEN', 1, 10)).total).toBe(0);
      expect((await domainRefusal(w.list.execute(ANA.client, 'OPEN', 1001, 10))).code).toBe('VALIDATION_ERROR');
    });
  });
});
