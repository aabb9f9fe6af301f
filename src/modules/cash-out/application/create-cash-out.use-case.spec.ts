import type { Counterparty } from '../../../shared/domain/counterparty.js';
import { Money } from '../../../shared/money/money.js';
import { BB, cashOutWorld, NOON, refusal, type CashOutWorld, JOANA_KEY } from './cash-out-world.fakes.js';
import type { CreateCashOutCommand } from './create-cash-out.use-case.js';

const MARIA = { client: 'client-maria', account: 'acc-maria', document: '39053344705', name: 'Maria Silva' };
const JOAO = { client: 'client-joao', account: 'acc-joao', document: '12345678909', name: 'João Souza' };
const PSP = { ispb: '99999004', name: 'Instant Payments Sandbox' };

/** Joana's e-mail key, at another institution. */
const JOANA: Counterparty = {
  name: 'Joana Externa',
  document: '52998224725',
  ispb: BB.ispb,
  participantName: BB.name,
  branch: '1234',
  account: '5678901',
  accountType: 'checking',
  internal: null,
};
const BANK_DETAILS = {
  receiverName: 'Joana Externa',
  receiverDocument: '52998224725',
  receiverIspb: BB.ispb,
  receiverBranch: '1234',
  receiverAccount: '5678901',
  receiverAccountType: 'checking',
} as const;

/** Maria's account as the payer (her first account: number 100001). */
const MARIA_PAYER: Counterparty = {
  name: MARIA.name,
  document: MARIA.document,
  ispb: PSP.ispb,
  participantName: PSP.name,
  branch: '0001',
  account: '100001',
  accountType: 'payment',
  internal: { clientId: MARIA.client, accountId: MARIA.account },
};
const MARIA_RECORD = {
  name: MARIA.name,
  document: MARIA.document,
  bank: { ispb: PSP.ispb, participant_name: PSP.name, agency: '0001', account: '100001', account_type: 'payment' },
};
const JOANA_BANK = { ispb: BB.ispb, participant_name: BB.name, agency: '1234', account: '5678901', account_type: 'checking' };
/** Joana as the payer's statement shows her when a key or QR code named her: document masked, account number not. */
const JOANA_MASKED_RECORD = { name: 'Joana Externa', document: '***.982.247-**', bank: JOANA_BANK };
const JOANA_RECORD = { name: 'Joana Externa', document: '52998224725', bank: JOANA_BANK };

const E2E_NOW = /^E99999004202603101500[A-Za-z0-9]{11}$/;
const QR_E2E = 'E00000000202603101455ABCDEFGHIJK';

/** The transaction row a create writes, as the world shows it (money as strings). */
function queuedRow(over: Record<string, unknown>) {
  return {
    clientId: MARIA.client,
    accountId: MARIA.account,
    type: 'cash_out',
    status: 'queued',
    externalId: null,
    reference: null,
    taxAmount: '0.00',
    refundedAmount: '0.00',
    pixKey: null,
    pixKeyType: null,
    payer: MARIA_RECORD,
    description: null,
    txid: null,
    channel: 'api',
    metadata: null,
    errorCode: null,
    errorMessage: null,
    processedAt: null,
    createdAt: NOON,
    updatedAt: NOON,
    ...over,
  };
}

describe('CreateCashOutUseCase', () => {
  let w: CashOutWorld;

  beforeEach(() => {
    w = cashOutWorld();
    w.openAccount(MARIA.client, MARIA.account, MARIA.document, MARIA.name, '100.00');
    w.keys.add(JOANA_KEY);
  });

  const create = (cmd: Omit<CreateCashOutCommand, 'clientId'>, clientId = MARIA.client) => w.create.execute({ clientId, ...cmd });

  describe('each flow holds the funds, records a queued cash_out and appends cash_out.queued, in one unit of work', () => {
    it('Flow 1, by key: the recipient from the directory, masked in the statement', async () => {
      const cashOut = await create({
        amount: '25.50',
        pixKey: 'joana@example.com',
        pixKeyType: 'EMAIL',
        externalId: 'order-1',
        description: 'rent',
      });
      const { id, endToEndId } = cashOut.snapshot;

      expect(endToEndId).toMatch(E2E_NOW);
      expect(await w.cashOut(id)).toEqual({
        id,
        clientId: MARIA.client,
        accountId: MARIA.account,
        externalId: 'order-1',
        amount: '25.50',
        flow: 'key',
        initiation: 'DICT',
        description: 'rent',
        pixKey: 'joana@example.com',
        pixKeyType: 'EMAIL',
        payer: MARIA_PAYER,
        receiver: JOANA,
        endToEndId,
        chargeId: null,
        txid: null,
        status: 'queued',
        errorCode: null,
        errorMessage: null,
        returnedAmount: null,
        completedAt: null,
        createdAt: NOON,
        updatedAt: NOON,
      });
      expect(await w.balance(MARIA.account)).toEqual({ available: '74.50', blocked: '25.50' });
      expect(w.ledgerOps(id)).toEqual(['acc-maria hold 25.500000']);
      expect(w.transactions()).toEqual([
        queuedRow({
          id,
          externalId: 'order-1',
          amount: '25.50',
          pixKey: 'joana@example.com',
          pixKeyType: 'EMAIL',
          endToEndId,
          receiver: JOANA_MASKED_RECORD,
          description: 'rent',
        }),
      ]);
      expect(w.outbox.events).toEqual([
        {
          type: 'cash_out.queued',
          aggregateId: id,
          clientId: MARIA.client,
          webhook: false,
          payload: { transaction_id: id, external_id: 'order-1', status: 'queued', amount: '25.50', end_to_end_id: endToEndId },
        },
      ]);
      expect(w.keys.asked).toEqual(['joana@example.com/EMAIL']);
      expect(w.uow.committed).toBe(1);
    });

    it('Flow 2, by bank details: the recipient as typed, unmasked in the statement', async () => {
      const cashOut = await create({ amount: '20.00', ...BANK_DETAILS, reference: 'inv-7', metadata: { order: 7 } });
      const { id, endToEndId } = cashOut.snapshot;

      expect(endToEndId).toMatch(E2E_NOW);
      expect(await w.cashOut(id)).toMatchObject({
        flow: 'bank',
        initiation: 'MANU',
        description: null,
        pixKey: null,
        pixKeyType: null,
        externalId: null,
        receiver: JOANA,
        status: 'queued',
        amount: '20.00',
      });
      expect(await w.balance(MARIA.account)).toEqual({ available: '80.00', blocked: '20.00' });
      expect(w.ledgerOps(id)).toEqual(['acc-maria hold 20.000000']);
      expect(w.transactions()).toEqual([
        queuedRow({ id, amount: '20.00', endToEndId, receiver: JOANA_RECORD, reference: 'inv-7', metadata: { order: 7 } }),
      ]);
      expect(w.outbox.events).toEqual([
        {
          type: 'cash_out.queued',
          aggregateId: id,
          clientId: MARIA.client,
          webhook: false,
          payload: { transaction_id: id, external_id: null, status: 'queued', amount: '20.00', end_to_end_id: endToEndId },
        },
      ]);
      expect(w.keys.asked).toEqual([]);
    });

    it('Flow 2 to an account of this institution: the holder as on record, payable on-us', async () => {
      w.openAccount(JOAO.client, JOAO.account, JOAO.document, JOAO.name);
      const typed = {
        ...BANK_DETAILS,
        receiverName: 'Joao (as typed)',
        receiverDocument: JOAO.document,
        receiverIspb: PSP.ispb,
        receiverBranch: '0001',
        receiverAccount: '100002',
      };
      const cashOut = await create({ amount: '2.00', ...typed });

      expect(cashOut.isOnUs).toBe(true);
      expect(cashOut.snapshot.receiver).toEqual({
        name: JOAO.name,
        document: JOAO.document,
        ispb: PSP.ispb,
        participantName: PSP.name,
        branch: '0001',
        account: '100002',
        accountType: 'payment',
        internal: { clientId: JOAO.client, accountId: JOAO.account },
      });
      expect(w.transaction(cashOut.snapshot.id)?.receiver).toEqual({
        name: JOAO.name,
        document: JOAO.document,
        bank: { ispb: PSP.ispb, participant_name: PSP.name, agency: '0001', account: '100002', account_type: 'payment' },
      });
      expect(await w.balance(MARIA.account)).toEqual({ available: '98.00', blocked: '2.00' });
    });

    it('Flow 3, by QR lookup: the recipient, key and end-to-end id of the decode, which it marks used', async () => {
      await w.qrLookups.insert({
        endToEndId: QR_E2E,
        clientId: MARIA.client,
        qrType: 'static',
        pixKey: 'joana@example.com',
        pixKeyType: 'EMAIL',
        receiver: JOANA,
        fixedAmount: Money.of('12.30'),
        chargeId: null,
        result: {},
        createdAt: new Date(NOON.getTime() - 60_000),
        usedAt: null,
        cashOutId: null,
      });
      const cashOut = await create({ amount: '12.30', lookupEndToEndId: QR_E2E, externalId: 'qr-1' });
      const { id } = cashOut.snapshot;

      expect(await w.cashOut(id)).toMatchObject({
        flow: 'qr',
        initiation: 'QRES',
        endToEndId: QR_E2E,
        pixKey: 'joana@example.com',
        pixKeyType: 'EMAIL',
        receiver: JOANA,
        payer: MARIA_PAYER,
        status: 'queued',
        amount: '12.30',
      });
      expect(w.qrLookups.rows.get(QR_E2E)).toMatchObject({ usedAt: NOON, cashOutId: id });
      expect(await w.balance(MARIA.account)).toEqual({ available: '87.70', blocked: '12.30' });
      expect(w.ledgerOps(id)).toEqual(['acc-maria hold 12.300000']);
      expect(w.transactions()).toEqual([
        queuedRow({
          id,
          externalId: 'qr-1',
          amount: '12.30',
          pixKey: 'joana@example.com',
          pixKeyType: 'EMAIL',
          endToEndId: QR_E2E,
          receiver: JOANA_MASKED_RECORD,
        }),
      ]);
      expect(w.outbox.events).toEqual([
        {
          type: 'cash_out.queued',
          aggregateId: id,
          clientId: MARIA.client,
          webhook: false,
          payload: { transaction_id: id, external_id: 'qr-1', status: 'queued', amount: '12.30', end_to_end_id: QR_E2E },
        },
      ]);
    });
  });

  describe('refusals', () => {
    /** Nothing at all was written: no cash-out, event, journal or transaction row, and no commit. */
    const nothingWritten = async () => {
      expect(w.cashOuts.all()).toEqual([]);
      expect(w.outbox.events).toEqual([]);
      expect(w.ledgerStore.journals).toEqual([]);
      expect(w.transactions()).toEqual([]);
      expect(w.uow.committed).toBe(0);
      expect(await w.balance(MARIA.account)).toEqual({ available: '100.00', blocked: '0.00' });
    };
    const SAME_ACCOUNT = {
      isDomainError: true,
      class: 'DomainError',
      code: 'SAME_ACCOUNT',
      message: 'The recipient is the paying account itself',
      details: [],
    };

    it('SAME_ACCOUNT for bank details naming the paying account, before anything is written', async () => {
      const own = {
        ...BANK_DETAILS,
        receiverName: MARIA.name,
        receiverDocument: MARIA.document,
        receiverIspb: PSP.ispb,
        receiverBranch: '0001',
        receiverAccount: '100001',
      };
      expect(await refusal(create({ amount: '1.00', ...own }))).toEqual(SAME_ACCOUNT);
      await nothingWritten();
    });

    it('SAME_ACCOUNT for a key of the paying account', async () => {
      w.keys.add({
        keyType: 'CPF',
        keyValue: MARIA.document,
        ispb: PSP.ispb,
        participantName: PSP.name,
        branch: '0001',
        accountNumber: '100001',
        accountType: 'TRAN',
        holderName: MARIA.name,
        holderDocument: MARIA.document,
        personType: 'NATURAL_PERSON',
        internal: { clientId: MARIA.client, accountId: MARIA.account },
      });
      expect(await refusal(create({ amount: '1.00', pixKey: MARIA.document, pixKeyType: 'CPF' }))).toEqual(SAME_ACCOUNT);
      await nothingWritten();
    });

    it('PIX_KEY_NOT_FOUND for a key the directory does not know, before anything is written', async () => {
      expect(await refusal(create({ amount: '1.00', pixKey: 'nobody@example.com', pixKeyType: 'EMAIL' }))).toEqual({
        isDomainError: true,
        class: 'DomainError',
        code: 'PIX_KEY_NOT_FOUND',
        message: 'No account is registered for this Pix key',
        details: [{ field: 'pix_key', issue: 'not found in the key directory' }],
      });
      await nothingWritten();
    });

    it('RATE_LIMITED once key look-ups spend the anti-scan budget (a miss costs 5 of the 60 points a minute)', async () => {
      for (let i = 0; i < 12; i++) {
        expect(await refusal(create({ amount: '1.00', pixKey: `guess${i}@example.com`, pixKeyType: 'EMAIL' }))).toMatchObject({
          code: 'PIX_KEY_NOT_FOUND',
        });
      }
      expect(await refusal(create({ amount: '1.00', pixKey: 'joana@example.com', pixKeyType: 'EMAIL' }))).toEqual({
        isDomainError: true,
        class: 'RateLimitedError',
        code: 'RATE_LIMITED',
        details: [],
        // Seconds until the first point frees up: 60 unless this test took over a second.
        message: expect.stringMatching(/^Too many requests; retry after (59|60) s$/),
      });
      expect(w.keys.asked).toHaveLength(12);
      await nothingWritten();
    });

    it('INSUFFICIENT_FUNDS: the ledger refuses the hold and the unit of work does not commit', async () => {
      expect(await refusal(create({ amount: '100.01', pixKey: 'joana@example.com', pixKeyType: 'EMAIL', externalId: 'too-much' }))).toEqual(
        {
          isDomainError: true,
          class: 'InsufficientFundsError',
          code: 'INSUFFICIENT_FUNDS',
          message: 'Available balance 100.00 is less than 100.01',
          details: [],
        },
      );
      // The ledger wrote nothing, and the run failed, uncommitted.
      expect(w.ledgerStore.journals).toEqual([]);
      expect(await w.balance(MARIA.account)).toEqual({ available: '100.00', blocked: '0.00' });
      expect(w.uow.committed).toBe(0);
      // What the fake cannot show: the cash-out row, its cash_out.queued event and the transaction row are
      // started together with the hold (one round trip), and the fake unit of work rolls nothing back. It
      // shows they were written inside `run` and that the run failed; the rollback itself is the real unit
      // of work's, covered by the e2e tests.
      expect(w.cashOuts.all().map((c) => c.status)).toEqual(['queued']);
      expect(w.outbox.events.map((e) => e.type)).toEqual(['cash_out.queued']);
      expect(w.transactions()).toHaveLength(1);
    });

    it('LIMIT_EXCEEDED when the amount does not fit the daytime room left by earlier payments, naming the cap', async () => {
      w.ledgerStore.seed(MARIA.account, '10000.00', '0', MARIA.client);
      await create({ amount: '4000.00', pixKey: 'joana@example.com', pixKeyType: 'EMAIL' });
      expect(w.uow.committed).toBe(1);

      expect(await refusal(create({ amount: '1000.01', pixKey: 'joana@example.com', pixKeyType: 'EMAIL' }))).toEqual({
        isDomainError: true,
        class: 'LimitExceededError',
        code: 'LIMIT_EXCEEDED',
        message: 'Amount 1000.01 exceeds the pix_out daytime limit (available 1000.00 of 5000.00)',
        details: [{ field: 'amount', issue: 'exceeds the pix_out daytime limit: limit 5000.00, used 4000.00, available 1000.00' }],
      });
      // The check comes last, after the hold and the transaction row (whose counters it reads); the
      // fake keeps those writes, but the unit of work did not commit.
      expect(w.uow.committed).toBe(1);
      expect(w.transactions().map((t) => `${t.amount} ${t.status}`)).toEqual(['4000.00 queued', '1000.01 queued']);
    });

    it('LIMIT_EXCEEDED under an approved lower cap', async () => {
      await w.accountLimits.setCap(MARIA.account, 'pix_out', 'daytime', Money.of('50.00'));
      expect(await refusal(create({ amount: '50.01', ...BANK_DETAILS }))).toMatchObject({
        code: 'LIMIT_EXCEEDED',
        message: 'Amount 50.01 exceeds the pix_out daytime limit (available 50.00 of 50.00)',
      });
      expect(w.uow.committed).toBe(0);
    });

    it('DUPLICATE_EXTERNAL_ID for a second cash-out of the client with the same external_id; another client may use it', async () => {
      await create({ amount: '1.00', pixKey: 'joana@example.com', pixKeyType: 'EMAIL', externalId: 'order-1' });
      expect(await refusal(create({ amount: '2.00', ...BANK_DETAILS, externalId: 'order-1' }))).toEqual({
        isDomainError: true,
        class: 'DomainError',
        code: 'DUPLICATE_EXTERNAL_ID',
        message: 'external_id was already used for this kind of resource',
        details: [{ field: 'external_id', issue: 'already used' }],
      });
      expect(w.uow.committed).toBe(1);

      w.openAccount(JOAO.client, JOAO.account, JOAO.document, JOAO.name, '5.00');
      const other = await create({ amount: '1.00', pixKey: 'joana@example.com', pixKeyType: 'EMAIL', externalId: 'order-1' }, JOAO.client);
      expect(w.transaction(other.snapshot.id)).toMatchObject({ clientId: JOAO.client, externalId: 'order-1', status: 'queued' });
      expect(w.uow.committed).toBe(2);
    });

    it('VALIDATION_ERROR naming the fields when flows are mixed, before anything is read', async () => {
      // A rejected promise like every other refusal, not an exception thrown by the call itself.
      const mixed = create({ amount: '1.00', pixKey: 'joana@example.com', pixKeyType: 'EMAIL', lookupEndToEndId: QR_E2E });
      expect(mixed).toBeInstanceOf(Promise);
      expect(await refusal(mixed)).toEqual({
        isDomainError: true,
        class: 'InvalidCashOutRequestError',
        code: 'VALIDATION_ERROR',
        message: 'Fields of more than one flow were given: pix_key, pix_key_type, X-Pix-Lookup-E2E',
        details: [
          { field: 'pix_key', issue: 'mixes cash-out flows' },
          { field: 'pix_key_type', issue: 'mixes cash-out flows' },
          { field: 'X-Pix-Lookup-E2E', issue: 'mixes cash-out flows' },
        ],
      });
      expect(w.keys.asked).toEqual([]);
      await nothingWritten();
    });
  });
});
