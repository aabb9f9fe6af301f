import { loadConfig } from '../../../config/app.config.js';
import { Money } from '../../../shared/money/money.js';
import { FakeOutbox, FakeUnitOfWork, FrozenClock, inMemoryState } from '../../../shared/testing/kernel.fakes.js';
import { InMemoryIdentity } from '../../identity/application/identity.fakes.js';
import { FakeParticipants } from '../../keys/application/keys.fakes.js';
import { InMemoryLedger } from '../../ledger/application/ledger.fakes.js';
import { LedgerService } from '../../ledger/application/ledger.service.js';
import { AccountLimitPolicy } from '../../limits/application/account-limit-policy.service.js';
import { InMemoryAccountLimits } from '../../limits/application/limit-requests.fakes.js';
import { LimitSheets } from '../../limits/application/limit-sheets.service.js';
import { InMemoryLimitUsage } from '../../limits/application/limit-usage.fakes.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { InMemoryTransactions } from '../../transactions/application/transactions.fakes.js';
import { InMemoryP2pTransfers } from './p2p.fakes.js';
import { TransferP2pUseCase, type TransferCommand } from './transfer-p2p.use-case.js';
import { domainRefusal } from '../../../shared/testing/refusal.js';

/** 12:00 in São Paulo (UTC-3): the daytime limits bind. */
const NOON = new Date('2026-03-10T15:00:00.000Z');
/** 22:00 in São Paulo the same day: the nighttime limits bind. */
const NIGHT = new Date('2026-03-11T01:00:00.000Z');
const E2E_AT_NOON = /^E99999004202603101500[A-Za-z0-9]{11}$/;

const ANA = { client: 'client-ana', account: 'acc-ana', document: '39053344705', name: 'Ana Lima' };
const BRUNO = { client: 'client-bruno', account: 'acc-bruno', document: '12345678909', name: 'Bruno Souza' };
const PSP = { ispb: '99999004', participant_name: 'Instant Payments Sandbox', agency: '0001', account_type: 'payment' };

/**
 * The transfer use case as production wires it, every port in memory: the real AccountDirectory,
 * LedgerService, TransactionsService and AccountLimitPolicy (usage counted from the stored transaction
 * rows, as the database trigger counts it). The unit of work is strict and rolls back the ledger, the
 * transaction rows, the transfers and the outbox.
 */
function p2pWorld() {
  const config = loadConfig({});
  const clock = new FrozenClock(NOON);
  const uow = new FakeUnitOfWork({ strict: true });
  const outbox = new FakeOutbox();
  const identity = new InMemoryIdentity();
  const accounts = identity.directory();
  const ledgerStore = new InMemoryLedger(uow, () => clock.now());
  const transactionStore = new InMemoryTransactions();
  const transfers = new InMemoryP2pTransfers();
  const caps = new InMemoryAccountLimits();
  const usage = new InMemoryLimitUsage(() => transactionStore.all().map((t) => t.snapshot));
  uow.track(
    inMemoryState(ledgerStore, { keep: ['calls'] }),
    inMemoryState(transactionStore),
    inMemoryState(transfers),
    inMemoryState(outbox),
  );
  const transfer = new TransferP2pUseCase(
    accounts,
    new FakeParticipants([]),
    new LedgerService(ledgerStore, uow),
    new TransactionsService(transactionStore),
    new AccountLimitPolicy(uow, caps, accounts, new LimitSheets(usage)),
    transfers,
    outbox,
    uow,
    clock,
    config,
  );
  return {
    clock,
    uow,
    outbox,
    identity,
    ledgerStore,
    transactionStore,
    transfers,
    caps,
    transfer,
    open(who: { client: string; account: string; document: string; name: string }, available: string) {
      const opened = identity.addAccount(who.client, who.account, who.document, who.name);
      ledgerStore.seed(who.account, available, '0', who.client);
      return opened;
    },
    balance(accountId: string): string {
      return ledgerStore.accounts.get(accountId)!.balance.available.toFixed2();
    },
    /** Everything a transfer writes, to compare before and after a refusal. */
    trace() {
      return {
        balances: [...ledgerStore.accounts.entries()].map(([id, a]) => [id, a.balance.available.toFixed2(), a.balance.blocked.toFixed2()]),
        journals: [...ledgerStore.journals],
        entries: [...ledgerStore.entries],
        transactions: transactionStore.all().map((t) => t.snapshot),
        transfers: transfers.all(),
        events: [...outbox.events],
      };
    },
  };
}

describe('TransferP2pUseCase', () => {
  let w: ReturnType<typeof p2pWorld>;
  let anaNumber: string;
  let brunoNumber: string;

  beforeEach(() => {
    w = p2pWorld();
    anaNumber = w.open(ANA, '100.00').account.number;
    brunoNumber = w.open(BRUNO, '5.00').account.number;
  });

  const send = (over: Partial<TransferCommand> = {}) =>
    w.transfer.execute({ clientId: ANA.client, toAccountId: BRUNO.account, amount: '30.00', ...over });

  it("moves the money at once: the payer's debit and the payee's credit, each in its own journal", async () => {
    const t = (await send()).snapshot;

    expect([w.balance(ANA.account), w.balance(BRUNO.account)]).toEqual(['70.00', '35.00']);
    expect(w.ledgerStore.journals.map((j) => [j.transactionId, j.description])).toEqual([
      [t.id, 'p2p transfer sent'],
      [t.receiverTransactionId, 'p2p transfer received'],
    ]);
    expect(w.ledgerStore.entries.map((e) => [e.transactionId, e.accountId, e.operationType, e.amount])).toEqual([
      [t.id, ANA.account, 'debit', '30.000000'],
      [t.receiverTransactionId, BRUNO.account, 'credit', '30.000000'],
    ]);
    expect((await w.ledgerStore.verify()).balanced).toBe(true);
    expect(w.uow.committed).toBe(1);
  });

  it("records the payer's p2p_out and the payee's p2p_in, completed, linked by one end-to-end id, each side masked for the other", async () => {
    const t = (await send({ description: 'lunch', externalId: 'ana-1' })).snapshot;

    expect(t.endToEndId).toMatch(E2E_AT_NOON);
    const rows = w.transactionStore.all().map((r) => r.snapshot);
    expect(rows.map((r) => ({ ...r, amount: r.amount.toFixed2() }))).toEqual([
      expect.objectContaining({
        id: t.id,
        clientId: ANA.client,
        accountId: ANA.account,
        type: 'p2p_out',
        status: 'completed',
        amount: '30.00',
        externalId: 'ana-1',
        endToEndId: t.endToEndId,
        description: 'lunch',
        payer: { name: ANA.name, document: ANA.document, bank: { ...PSP, account: anaNumber } },
        // The payer found Bruno by key or number: his document is masked, his account number not.
        receiver: { name: BRUNO.name, document: '***.456.789-**', bank: { ...PSP, account: brunoNumber } },
        createdAt: NOON,
        processedAt: NOON,
      }),
      expect.objectContaining({
        id: t.receiverTransactionId,
        clientId: BRUNO.client,
        accountId: BRUNO.account,
        type: 'p2p_in',
        status: 'completed',
        amount: '30.00',
        // The payer's external id is the payer's own.
        externalId: null,
        endToEndId: t.endToEndId,
        payer: { name: ANA.name, document: '***.533.447-**', bank: { ...PSP, account: `**${anaNumber.slice(-4)}` } },
        receiver: { name: BRUNO.name, document: BRUNO.document, bank: { ...PSP, account: brunoNumber } },
      }),
    ]);
    expect(w.transfers.all()).toEqual([expect.objectContaining({ id: t.id, payeeAccountId: BRUNO.account, amount: Money.of('30.00') })]);
  });

  it('appends p2p.sent for the payer and p2p.received for the payee, without the payer’s external id', async () => {
    const t = (await send({ description: 'lunch', externalId: 'ana-1' })).snapshot;

    expect(w.outbox.events).toEqual([
      {
        type: 'p2p.sent',
        aggregateId: t.id,
        clientId: ANA.client,
        webhook: true,
        payload: {
          transaction_id: t.id,
          end_to_end_id: t.endToEndId,
          amount: '30.00',
          from_account_id: ANA.account,
          to_account_id: BRUNO.account,
          to_name: BRUNO.name,
          external_id: 'ana-1',
          description: 'lunch',
          created_at: NOON.toISOString(),
        },
      },
      {
        type: 'p2p.received',
        aggregateId: t.receiverTransactionId,
        clientId: BRUNO.client,
        webhook: true,
        payload: {
          transaction_id: t.receiverTransactionId,
          end_to_end_id: t.endToEndId,
          amount: '30.00',
          to_account_id: BRUNO.account,
          from_name: ANA.name,
          description: 'lunch',
          created_at: NOON.toISOString(),
        },
      },
    ]);
  });

  it('can spend the whole available balance, to the cent', async () => {
    await send({ amount: '100.00' });
    expect(w.balance(ANA.account)).toBe('0.00');
  });

  it('refuses more than the available balance with INSUFFICIENT_FUNDS, leaving no trace', async () => {
    const before = w.trace();

    expect((await domainRefusal(send({ amount: '100.01' }))).code).toBe('INSUFFICIENT_FUNDS');
    expect(w.trace()).toEqual(before);
  });

  it.each([
    ['the account it pays from', ANA.account],
    ['another account of the same client', 'acc-ana-2'],
  ])('refuses paying %s with SAME_ACCOUNT, leaving no trace', async (_, to) => {
    w.open({ ...ANA, account: 'acc-ana-2' }, '0.00');
    const before = w.trace();

    expect(await domainRefusal(send({ toAccountId: to }))).toMatchObject({
      code: 'SAME_ACCOUNT',
      details: [{ field: 'to_account_id', issue: 'is an account of yours' }],
    });
    expect(w.trace()).toEqual(before);
  });

  it('refuses an unknown payee account with ACCOUNT_NOT_FOUND, and a payer without an account too', async () => {
    const before = w.trace();

    expect((await domainRefusal(send({ toAccountId: 'acc-nobody' }))).code).toBe('ACCOUNT_NOT_FOUND');
    expect((await domainRefusal(send({ clientId: 'client-nobody' }))).code).toBe('ACCOUNT_NOT_FOUND');
    expect(w.trace()).toEqual(before);
  });

  it('a transfer over the limit is refused with LIMIT_EXCEEDED after its writes, and rolls them all back', async () => {
    await w.caps.setCap(ANA.account, 'pix_out', 'daytime', Money.of('50.00'));
    await send({ amount: '20.00' });
    const before = w.trace();

    const refused = await domainRefusal(send({ amount: '30.01' }));

    expect(refused).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      details: [{ field: 'amount', issue: 'exceeds the pix_out daytime limit: limit 50.00, used 20.00, available 30.00' }],
    });
    expect(w.trace()).toEqual(before);
    expect([w.balance(ANA.account), w.balance(BRUNO.account)]).toEqual(['80.00', '25.00']);
    expect(w.uow.rolledBack).toBe(1);
    // The refused amount was never counted: exactly the room left still fits.
    await send({ amount: '30.00' });
    expect(w.balance(ANA.account)).toBe('50.00');
  });

  it("at night the lower nighttime cap binds (a natural person's default: 1000.00)", async () => {
    w.open({ client: 'client-rich', account: 'acc-rich', document: '52998224725', name: 'Rica Silva' }, '5000.00');
    w.clock.set(NIGHT);

    expect((await domainRefusal(send({ clientId: 'client-rich', amount: '1000.01' }))).code).toBe('LIMIT_EXCEEDED');
    await send({ clientId: 'client-rich', amount: '1000.00' });
    expect(w.balance('acc-rich')).toBe('4000.00');
  });

  it('refuses a second transfer with the same external id (DUPLICATE_EXTERNAL_ID), rolling back its ledger posting', async () => {
    await send({ amount: '10.00', externalId: 'ana-1' });
    const before = w.trace();

    expect((await domainRefusal(send({ amount: '10.00', externalId: 'ana-1' }))).code).toBe('DUPLICATE_EXTERNAL_ID');
    expect(w.trace()).toEqual(before);
    expect(w.balance(ANA.account)).toBe('90.00');
  });
});
