import type { DirectoryEntry } from '../../keys/application/key-directory.js';
import { BB, cashOutWorld, NOON, refusal, type CashOutWorld, JOANA_KEY } from './cash-out-world.fakes.js';

const MARIA = { client: 'client-maria', account: 'acc-maria', document: '39053344705', name: 'Maria Silva' };
const JOAO = { client: 'client-joao', account: 'acc-joao', document: '12345678909', name: 'João Souza' };
const PSP = { ispb: '99999004', name: 'Instant Payments Sandbox' };
const JOAO_EVP = '4f1c2b8e-9a4d-4c6e-8f7a-1b2c3d4e5f60';

const JOAO_KEY: DirectoryEntry = {
  keyType: 'EVP',
  keyValue: JOAO_EVP,
  ispb: PSP.ispb,
  participantName: PSP.name,
  branch: '0001',
  accountNumber: '100002',
  accountType: 'TRAN',
  holderName: JOAO.name,
  holderDocument: JOAO.document,
  personType: 'NATURAL_PERSON',
  internal: { clientId: JOAO.client, accountId: JOAO.account },
};
const BANK_DETAILS = {
  receiverName: 'Joana Externa',
  receiverDocument: '52998224725',
  receiverIspb: BB.ispb,
  receiverBranch: '1234',
  receiverAccount: '5678901',
  receiverAccountType: 'checking',
} as const;

const MARIA_RECORD = {
  name: MARIA.name,
  document: MARIA.document,
  bank: { ispb: PSP.ispb, participant_name: PSP.name, agency: '0001', account: '100001', account_type: 'payment' },
};
const JOANA_BANK = { ispb: BB.ispb, participant_name: BB.name, agency: '1234', account: '5678901', account_type: 'checking' };

const SETTLED_AT = new Date(NOON.getTime() + 2_000);
/** 15:05 UTC: the return's end-to-end id carries 202603101505. */
const RETURNED_AT = new Date('2026-03-10T15:05:00.000Z');

describe('ReturnCashOutUseCase', () => {
  let w: CashOutWorld;

  beforeEach(() => {
    w = cashOutWorld();
    w.openAccount(MARIA.client, MARIA.account, MARIA.document, MARIA.name, '100.00');
    w.openAccount(JOAO.client, JOAO.account, JOAO.document, JOAO.name, '0.00');
    w.keys.add(JOANA_KEY);
    w.keys.add(JOAO_KEY);
  });

  /** Maria's cash-out, created at NOON, run through settlement at SETTLED_AT (with `outcome` from the SPI); the clock then at RETURNED_AT. */
  async function settled(amount: string, to: 'key' | 'bank' | 'on-us' = 'key', outcome: 'settled' | 'rejected' | 'unsettled' = 'settled') {
    const target =
      to === 'key'
        ? { pixKey: 'joana@example.com', pixKeyType: 'EMAIL' as const }
        : to === 'bank'
          ? BANK_DETAILS
          : { pixKey: JOAO_EVP, pixKeyType: 'EVP' as const };
    const cashOut = await w.create.execute({ clientId: MARIA.client, amount, externalId: `ext-${amount}`, ...target });
    const { id } = cashOut.snapshot;
    w.clock.set(SETTLED_AT);
    if (outcome === 'settled') w.spi.onSend({ outcome: 'settled' });
    if (outcome === 'rejected') w.spi.onSend({ outcome: 'rejected', code: 'AC03', message: 'Invalid creditor account' });
    if (outcome === 'unsettled') w.spi.onSend(new Error('SPI down'));
    await w.settle.execute(id, false).catch(() => undefined);
    w.clock.set(RETURNED_AT);
    return (await w.cashOut(id))!;
  }

  const reversals = () => w.transactions().filter((t) => t.type === 'reversal_in');
  const NOT_RETURNABLE = (status: string) => ({
    isDomainError: true,
    class: 'DomainError',
    code: 'CASH_OUT_NOT_RETURNABLE',
    message: `Only completed cash-outs can be returned (this one is ${status})`,
    details: [],
  });
  const NOT_FOUND = { isDomainError: true, class: 'NotFoundError', code: 'CASH_OUT_NOT_FOUND', message: 'Cash-out not found', details: [] };

  describe('a completed cash-out', () => {
    it('completed -> returned: the amount credited back as a completed reversal_in referencing it, the recipient masked (key flow)', async () => {
      const c = await settled('25.50');
      expect(await w.balance(MARIA.account)).toEqual({ available: '74.50', blocked: '0.00' });

      const returned = await w.returns.execute(c.id, MARIA.client);

      expect(returned.snapshot).toMatchObject({ id: c.id, status: 'returned', completedAt: SETTLED_AT, updatedAt: RETURNED_AT });
      expect(await w.cashOut(c.id)).toMatchObject({
        status: 'returned',
        returnedAmount: '25.50',
        completedAt: SETTLED_AT,
        updatedAt: RETURNED_AT,
      });
      expect(w.transaction(c.id)).toMatchObject({
        type: 'cash_out',
        status: 'returned',
        amount: '25.50',
        processedAt: SETTLED_AT,
        updatedAt: RETURNED_AT,
      });

      const [reversal] = reversals();
      expect(reversals()).toHaveLength(1);
      expect(reversal).toEqual({
        id: expect.any(String),
        clientId: MARIA.client,
        accountId: MARIA.account,
        type: 'reversal_in',
        status: 'completed',
        externalId: null,
        reference: c.id,
        amount: '25.50',
        taxAmount: '0.00',
        refundedAmount: '0.00',
        pixKey: null,
        pixKeyType: null,
        endToEndId: expect.stringMatching(/^D00000000202603101505[A-Za-z0-9]{11}$/),
        // The money comes from the recipient, shown as the payer first saw it (from a key: document masked).
        payer: { name: 'Joana Externa', document: '***.982.247-**', bank: JOANA_BANK },
        receiver: MARIA_RECORD,
        description: `Return of ${c.endToEndId}`,
        txid: null,
        channel: 'api',
        metadata: { original_end_to_end_id: c.endToEndId, psp: PSP.ispb },
        errorCode: null,
        errorMessage: null,
        processedAt: RETURNED_AT,
        createdAt: RETURNED_AT,
        updatedAt: RETURNED_AT,
      });
      expect(w.ledgerOps(reversal!.id)).toEqual(['acc-maria credit 25.500000']);
      expect(await w.balance(MARIA.account)).toEqual({ available: '100.00', blocked: '0.00' });
      expect(w.outbox.events.at(-1)).toEqual({
        type: 'cash_out.returned',
        aggregateId: c.id,
        clientId: MARIA.client,
        webhook: true,
        payload: {
          transaction_id: c.id,
          external_id: 'ext-25.50',
          status: 'returned',
          amount: '25.50',
          end_to_end_id: c.endToEndId,
          returned_amount: '25.50',
        },
      });
      expect(await w.ledgerStore.verify()).toMatchObject({ balanced: true });
    });

    it('shows the recipient unmasked when the payer typed the bank details', async () => {
      const c = await settled('20.00', 'bank');
      await w.returns.execute(c.id, MARIA.client);
      expect(reversals()[0]?.payer).toEqual({ name: 'Joana Externa', document: '52998224725', bank: JOANA_BANK });
    });

    it('returns part of the amount', async () => {
      const c = await settled('25.50');
      await w.returns.execute(c.id, MARIA.client, '4.00');

      expect(await w.cashOut(c.id)).toMatchObject({ status: 'returned', returnedAmount: '4.00' });
      expect(reversals()).toMatchObject([{ amount: '4.00', reference: c.id, status: 'completed' }]);
      expect(w.ledgerOps(reversals()[0]!.id)).toEqual(['acc-maria credit 4.000000']);
      expect(await w.balance(MARIA.account)).toEqual({ available: '78.50', blocked: '0.00' });
      expect(w.outbox.events.at(-1)).toMatchObject({ type: 'cash_out.returned', payload: { amount: '25.50', returned_amount: '4.00' } });
    });

    it('refuses more than the original amount, writing nothing', async () => {
      const c = await settled('25.50');
      const events = w.outbox.events.length;
      expect(await refusal(w.returns.execute(c.id, MARIA.client, '25.51'))).toEqual({
        isDomainError: true,
        class: 'CashOutStateError',
        code: 'INVALID_STATE_TRANSITION',
        message: 'Cash-out cannot move from completed to returned (amount must be > 0 and <= the original)',
        details: [],
      });
      expect((await w.cashOut(c.id))?.status).toBe('completed');
      expect(w.transaction(c.id)?.status).toBe('completed');
      expect(reversals()).toEqual([]);
      expect(w.outbox.events).toHaveLength(events);
      expect(await w.balance(MARIA.account)).toEqual({ available: '74.50', blocked: '0.00' });
    });

    it("the scheme itself (no client) may return any client's cash-out", async () => {
      const c = await settled('25.50');
      await w.returns.execute(c.id, null);
      expect((await w.cashOut(c.id))?.status).toBe('returned');
    });

    it('gives the limit room back: after a full return, the same amount fits the daytime cap again', async () => {
      w.ledgerStore.seed(MARIA.account, '10000.00', '0', MARIA.client);
      const c = await settled('5000.00'); // the whole 5000.00 daytime cap of a natural person
      await w.returns.execute(c.id, MARIA.client);

      // The reversal_in referencing the cash-out frees its amount (the counters' rule); without it this is LIMIT_EXCEEDED.
      const again = await w.create.execute({ clientId: MARIA.client, amount: '5000.00', ...BANK_DETAILS });
      expect(w.transaction(again.snapshot.id)).toMatchObject({ status: 'queued', amount: '5000.00' });
    });
  });

  describe('refusals', () => {
    it.each([
      ['queued', 'none' as const],
      ['failed', 'rejected' as const],
      ['processing', 'unsettled' as const],
    ])('CASH_OUT_NOT_RETURNABLE for a %s cash-out', async (status, outcome) => {
      let id: string;
      if (outcome === 'none') {
        id = (await w.create.execute({ clientId: MARIA.client, amount: '5.00', pixKey: 'joana@example.com', pixKeyType: 'EMAIL' })).snapshot
          .id;
      } else {
        id = (await settled('5.00', 'key', outcome)).id;
      }
      expect((await w.cashOut(id))?.status).toBe(status);
      const events = w.outbox.events.length;

      expect(await refusal(w.returns.execute(id, MARIA.client))).toEqual(NOT_RETURNABLE(status));
      expect(reversals()).toEqual([]);
      expect(w.outbox.events).toHaveLength(events);
    });

    it('CASH_OUT_NOT_RETURNABLE a second time: a cash-out is returned once', async () => {
      const c = await settled('25.50');
      await w.returns.execute(c.id, MARIA.client, '4.00');
      expect(await refusal(w.returns.execute(c.id, MARIA.client))).toEqual(NOT_RETURNABLE('returned'));
      expect(reversals()).toHaveLength(1);
      expect(await w.balance(MARIA.account)).toEqual({ available: '78.50', blocked: '0.00' });
    });

    it('CASH_OUT_NOT_RETURNABLE for an on-us payment (returned through a refund, not the scheme)', async () => {
      const c = await settled('15.25', 'on-us');
      expect(c.status).toBe('completed');
      expect(await refusal(w.returns.execute(c.id, MARIA.client))).toEqual({
        isDomainError: true,
        class: 'DomainError',
        code: 'CASH_OUT_NOT_RETURNABLE',
        message: 'On-us payments are returned through a refund, not the scheme',
        details: [],
      });
      expect(reversals()).toEqual([]);
      expect(await w.balance(JOAO.account)).toEqual({ available: '15.25', blocked: '0.00' });
    });

    it("CASH_OUT_NOT_FOUND for another client's cash-out, as for an unknown one", async () => {
      const c = await settled('25.50');
      expect(await refusal(w.returns.execute(c.id, JOAO.client))).toEqual(NOT_FOUND);
      expect(await refusal(w.returns.execute('no-such-cash-out', MARIA.client))).toEqual(NOT_FOUND);
      expect(await refusal(w.returns.execute('no-such-cash-out', null))).toEqual(NOT_FOUND);
      expect((await w.cashOut(c.id))?.status).toBe('completed');
      expect(reversals()).toEqual([]);
    });
  });

  describe('whenCompleted (a return the scheme announced, by end-to-end id)', () => {
    it('returns a completed cash-out in full and says so; a second run finds it returned and does nothing', async () => {
      const c = await settled('25.50');
      w.spi.returns.add(c.endToEndId);

      expect(await w.returns.whenCompleted(c.endToEndId)).toBe(true);
      expect(await w.cashOut(c.id)).toMatchObject({ status: 'returned', returnedAmount: '25.50' });
      expect(await w.balance(MARIA.account)).toEqual({ available: '100.00', blocked: '0.00' });

      expect(await w.returns.whenCompleted(c.endToEndId)).toBe(false);
      expect(reversals()).toHaveLength(1);
      expect(w.outbox.events.filter((e) => e.type === 'cash_out.returned')).toHaveLength(1);
    });

    it('throws while the cash-out is not completed yet, so the job is retried, and returns it once it is', async () => {
      const c = await settled('25.50', 'key', 'unsettled');
      w.spi.returns.add(c.endToEndId);
      expect(await refusal(w.returns.whenCompleted(c.endToEndId))).toEqual({
        isDomainError: false,
        class: 'Error',
        message: `cash-out ${c.endToEndId} is processing; its return waits`,
      });
      expect(reversals()).toEqual([]);

      w.spi.onSend({ outcome: 'settled' });
      await w.settle.execute(c.id, false);
      expect(await w.returns.whenCompleted(c.endToEndId)).toBe(true);
      expect((await w.cashOut(c.id))?.status).toBe('returned');
    });

    it('is false for a failed cash-out: it moved no money, so there is nothing to return or wait for', async () => {
      const c = await settled('25.50', 'key', 'rejected');
      expect(await w.returns.whenCompleted(c.endToEndId)).toBe(false);
      expect((await w.cashOut(c.id))?.status).toBe('failed');
      expect(reversals()).toEqual([]);
    });

    it('refuses a return the scheme never made: a completed cash-out stays completed, nothing moves', async () => {
      const c = await settled('25.50');
      expect(await w.returns.whenCompleted(c.endToEndId)).toBe(false);
      expect((await w.cashOut(c.id))?.status).toBe('completed');
      expect(await w.balance(MARIA.account)).toEqual({ available: '74.50', blocked: '0.00' });
      expect(reversals()).toEqual([]);
    });

    it('is false for an end-to-end id it does not know', async () => {
      expect(await w.returns.whenCompleted('E00000000202603101500ABCDEFGHIJK')).toBe(false);
      expect(w.outbox.events).toEqual([]);
    });
  });
});
