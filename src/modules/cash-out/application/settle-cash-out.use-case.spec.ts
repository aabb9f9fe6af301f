import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Money } from '../../../shared/money/money.js';
import { counterpartyOf, type DirectoryEntry } from '../../keys/application/key-directory.js';
import { TransactionsService } from '../../transactions/application/transactions.service.js';
import { cashOutWorld, NOON, refusal, type CashOutWorld, JOANA_KEY } from './cash-out-world.fakes.js';
import { SETTLEMENT_BATCHES_IN_FLIGHT } from './settle-cash-out.use-case.js';
import { TransientSpiError } from '../../spi/application/spi-gateway.js';

const MARIA = { client: 'client-maria', account: 'acc-maria', document: '39053344705', name: 'Maria Silva' };
const JOAO = { client: 'client-joao', account: 'acc-joao', document: '12345678909', name: 'João Souza' };
const PSP = { ispb: '99999004', name: 'Instant Payments Sandbox' };
const JOAO_EVP = '4f1c2b8e-9a4d-4c6e-8f7a-1b2c3d4e5f60';

/** João's random key, at this institution: paying it settles on-us. */
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

/** The settlement runs two seconds after the payment was queued at NOON. */
const SETTLED_AT = new Date(NOON.getTime() + 2_000);

/** What the use case logged as warnings, as the arguments of each call. */
const warnings: unknown[][] = [];
Logger.overrideLogger({ log: () => undefined, error: () => undefined, warn: (...args: unknown[]) => void warnings.push(args) });

describe('SettleCashOutUseCase', () => {
  let w: CashOutWorld;

  beforeEach(() => {
    warnings.length = 0;
    w = cashOutWorld();
    w.openAccount(MARIA.client, MARIA.account, MARIA.document, MARIA.name, '100.00');
    w.openAccount(JOAO.client, JOAO.account, JOAO.document, JOAO.name, '0.00');
    w.keys.add(JOANA_KEY);
    w.keys.add(JOAO_KEY);
  });

  /** A queued cash-out from Maria (created by the real use case at NOON), with the clock then moved to SETTLED_AT. */
  async function queued(amount: string, key = 'joana@example.com', keyType: 'EMAIL' | 'EVP' = 'EMAIL') {
    const cashOut = await w.create.execute({
      clientId: MARIA.client,
      amount,
      pixKey: key,
      pixKeyType: keyType,
      externalId: `ext-${amount}`,
    });
    w.clock.set(SETTLED_AT);
    return cashOut.snapshot;
  }

  const fields = (c: { id: string; externalId: string | null; endToEndId: string }, amount: string) => ({
    transaction_id: c.id,
    external_id: c.externalId,
    amount,
    end_to_end_id: c.endToEndId,
  });
  const types = () => w.outbox.events.map((e) => e.type);

  describe('to another institution', () => {
    it("a payment of another institution's dynamic QR: the SPI order carries the charge's txid from the decode", async () => {
      const lookupE2e = 'E00000000202603101455FOREIGNQR01';
      const txid = 'fc9a4366ff3d4964b5dbc6c91a8722d3';
      await w.qrLookups.insert({
        endToEndId: lookupE2e,
        clientId: MARIA.client,
        qrType: 'dynamic',
        pixKey: 'joana@example.com',
        pixKeyType: 'EMAIL',
        receiver: counterpartyOf(JOANA_KEY),
        fixedAmount: Money.of('30.00'),
        chargeId: null,
        result: { charge_txid: txid },
        createdAt: new Date(NOON.getTime() - 60_000),
        usedAt: null,
        cashOutId: null,
      });
      const c = (await w.create.execute({ clientId: MARIA.client, amount: '30.00', lookupEndToEndId: lookupE2e })).snapshot;
      expect(c.txid).toBe(txid);
      w.clock.set(SETTLED_AT);
      w.spi.onSend({ outcome: 'settled' });

      await w.settle.execute(c.id, false);

      expect(w.spi.sent).toEqual([
        {
          endToEndId: lookupE2e,
          amount: c.amount,
          payer: c.payer,
          receiver: c.receiver,
          initiation: 'QRDN',
          pixKey: 'joana@example.com',
          txid,
        },
      ]);
      expect(await w.cashOut(c.id)).toMatchObject({ status: 'completed', txid });
    });

    it('queued -> processing -> completed when the SPI settles: the hold is captured and the transaction row follows', async () => {
      const c = await queued('25.50');
      w.spi.onSend({ outcome: 'settled' });

      await w.settle.execute(c.id, false);

      expect(await w.cashOut(c.id)).toMatchObject({
        status: 'completed',
        completedAt: SETTLED_AT,
        updatedAt: SETTLED_AT,
        errorCode: null,
        errorMessage: null,
      });
      expect(w.spi.sent).toEqual([
        {
          endToEndId: c.endToEndId,
          amount: c.amount,
          payer: c.payer,
          receiver: c.receiver,
          initiation: 'DICT',
          pixKey: 'joana@example.com',
        },
      ]);
      expect(w.spi.statusAsked).toEqual([]);
      expect(await w.balance(MARIA.account)).toEqual({ available: '74.50', blocked: '0.00' });
      expect(w.ledgerOps(c.id)).toEqual(['acc-maria hold 25.500000', 'acc-maria capture 25.500000']);
      expect(w.transaction(c.id)).toMatchObject({
        type: 'cash_out',
        status: 'completed',
        processedAt: SETTLED_AT,
        updatedAt: SETTLED_AT,
        errorCode: null,
      });
      expect(w.outbox.events).toEqual([
        {
          type: 'cash_out.queued',
          aggregateId: c.id,
          clientId: MARIA.client,
          webhook: false,
          payload: { ...fields(c, '25.50'), status: 'queued' },
        },
        {
          type: 'cash_out.processing',
          aggregateId: c.id,
          clientId: MARIA.client,
          webhook: true,
          payload: { ...fields(c, '25.50'), status: 'processing' },
        },
        {
          type: 'cash_out.completed',
          aggregateId: c.id,
          clientId: MARIA.client,
          webhook: true,
          payload: { ...fields(c, '25.50'), status: 'completed' },
        },
      ]);
      // Creation, then the two steps of settlement, each its own unit of work.
      expect(w.uow.committed).toBe(3);
      expect(await w.ledgerStore.verify()).toMatchObject({ balanced: true });
    });

    it('rejected -> failed with the SPI code: the hold is released and the row carries the error', async () => {
      const c = await queued('25.50');
      w.spi.onSend({ outcome: 'rejected', code: 'AC03', message: 'Invalid creditor account' });

      await w.settle.execute(c.id, false);

      expect(await w.cashOut(c.id)).toMatchObject({
        status: 'failed',
        errorCode: 'AC03',
        errorMessage: 'Invalid creditor account',
        completedAt: null,
        updatedAt: SETTLED_AT,
      });
      expect(await w.balance(MARIA.account)).toEqual({ available: '100.00', blocked: '0.00' });
      expect(w.ledgerOps(c.id)).toEqual(['acc-maria hold 25.500000', 'acc-maria release 25.500000']);
      expect(w.transaction(c.id)).toMatchObject({
        status: 'failed',
        errorCode: 'AC03',
        errorMessage: 'Invalid creditor account',
        processedAt: null,
        updatedAt: SETTLED_AT,
      });
      expect(w.outbox.events.slice(1)).toEqual([
        {
          type: 'cash_out.processing',
          aggregateId: c.id,
          clientId: MARIA.client,
          webhook: true,
          payload: { ...fields(c, '25.50'), status: 'processing' },
        },
        {
          type: 'cash_out.failed',
          aggregateId: c.id,
          clientId: MARIA.client,
          webhook: true,
          payload: { ...fields(c, '25.50'), status: 'failed', error_code: 'AC03', error_message: 'Invalid creditor account' },
        },
      ]);
    });

    it('a second execute after completion does nothing: no second send, capture or event', async () => {
      const c = await queued('25.50');
      w.spi.onSend({ outcome: 'settled' });
      await w.settle.execute(c.id, false);
      const journals = w.ledgerStore.journals.length;

      await w.settle.execute(c.id, true);
      await w.settle.reconcile(c.id, true);

      expect(w.spi.calls).toEqual([`send ${c.endToEndId}`]);
      expect(w.ledgerStore.journals).toHaveLength(journals);
      expect(w.ledgerOps(c.id)).toEqual(['acc-maria hold 25.500000', 'acc-maria capture 25.500000']);
      expect(await w.balance(MARIA.account)).toEqual({ available: '74.50', blocked: '0.00' });
      expect(types()).toEqual(['cash_out.queued', 'cash_out.processing', 'cash_out.completed']);
    });

    it('does nothing for an unknown cash-out', async () => {
      await w.settle.execute('no-such-cash-out', true);
      expect(w.spi.calls).toEqual([]);
      expect(w.outbox.events).toEqual([]);
    });
  });

  describe('the SPI order carries what pacs.008 carries (docs/adr/0212-spi-orders-carry-what-pacs-messages-carry.md)', () => {
    /** A decode of Maria's, stored as the decode use case stores it. */
    const decoded = (endToEndId: string, qrType: 'static' | 'dynamic', result: Record<string, unknown>) =>
      w.qrLookups.insert({
        endToEndId,
        clientId: MARIA.client,
        qrType,
        pixKey: 'joana@example.com',
        pixKeyType: 'EMAIL',
        receiver: counterpartyOf(JOANA_KEY),
        fixedAmount: null,
        chargeId: null,
        result,
        createdAt: new Date(NOON.getTime() - 60_000),
        usedAt: null,
        cashOutId: null,
      });

    async function sentFor(cmd: Record<string, unknown>) {
      const c = (await w.create.execute({ clientId: MARIA.client, amount: '10.00', ...cmd })).snapshot;
      w.spi.onSend({ outcome: 'settled' });
      await w.settle.execute(c.id, false);
      const { endToEndId, amount, payer, receiver, ...carried } = w.spi.sent.find((o) => o.endToEndId === c.endToEndId)!;
      expect({ endToEndId, amount: amount.toFixed2(), payer, receiver }).toEqual({
        endToEndId: c.endToEndId,
        amount: '10.00',
        payer: c.payer,
        receiver: c.receiver,
      });
      return carried;
    }

    it('by Pix key: DICT, the key, and the description as remittance information', async () => {
      await expect(sentFor({ pixKey: 'joana@example.com', pixKeyType: 'EMAIL', description: 'aluguel março' })).resolves.toEqual({
        initiation: 'DICT',
        pixKey: 'joana@example.com',
        remittanceInformation: 'aluguel março',
      });
    });

    it('by bank details: MANU, no key, no txid; without a description no remittance information', async () => {
      const bank = {
        receiverName: 'Joana Externa',
        receiverDocument: '52998224725',
        receiverIspb: '00000000',
        receiverBranch: '1234',
        receiverAccount: '5678901',
        receiverAccountType: 'checking',
      };
      await expect(sentFor(bank)).resolves.toEqual({ initiation: 'MANU' });
    });

    it('a static QR code: QRES, its key and its txid (62-05)', async () => {
      await decoded('E00000000202603101455STATICQR001', 'static', { txid: 'INV2026000042' });
      await expect(sentFor({ lookupEndToEndId: 'E00000000202603101455STATICQR001', description: 'pedido 42' })).resolves.toEqual({
        initiation: 'QRES',
        pixKey: 'joana@example.com',
        txid: 'INV2026000042',
        remittanceInformation: 'pedido 42',
      });
    });

    it('a static QR code whose 62-05 is *** carries no txid', async () => {
      await decoded('E00000000202603101455STATICQR002', 'static', { txid: '***' });
      await expect(sentFor({ lookupEndToEndId: 'E00000000202603101455STATICQR002' })).resolves.toEqual({
        initiation: 'QRES',
        pixKey: 'joana@example.com',
      });
    });

    it("a dynamic QR code: QRDN, its key and its charge's txid", async () => {
      const txid = 'fc9a4366ff3d4964b5dbc6c91a8722d3';
      await decoded('E00000000202603101455DYNAMICQR01', 'dynamic', { txid: '***', charge_txid: txid });
      await expect(sentFor({ lookupEndToEndId: 'E00000000202603101455DYNAMICQR01' })).resolves.toEqual({
        initiation: 'QRDN',
        pixKey: 'joana@example.com',
        txid,
      });
    });
  });

  describe('a timeout is not a failure', () => {
    it('before the last attempt, rethrows the TransientSpiError without asking the status, leaving it processing with the funds held', async () => {
      const c = await queued('25.50');
      const timeout = new TransientSpiError('no answer');
      w.spi.onSend(timeout);

      expect(await refusal(w.settle.execute(c.id, false))).toEqual({
        isDomainError: false,
        class: 'TransientSpiError',
        message: 'no answer',
      });

      expect(w.spi.calls).toEqual([`send ${c.endToEndId}`]);
      expect((await w.cashOut(c.id))?.status).toBe('processing');
      expect(w.transaction(c.id)).toMatchObject({ status: 'processing', updatedAt: SETTLED_AT, errorCode: null });
      expect(await w.balance(MARIA.account)).toEqual({ available: '74.50', blocked: '25.50' });
      expect(w.ledgerOps(c.id)).toEqual(['acc-maria hold 25.500000']);
      expect(types()).toEqual(['cash_out.queued', 'cash_out.processing']);
    });

    it('rethrows the identical error object', async () => {
      const c = await queued('25.50');
      const timeout = new TransientSpiError('no answer');
      w.spi.onSend(timeout);
      await expect(w.settle.execute(c.id, false)).rejects.toBe(timeout);
    });

    it('an SPI that does not answer within SPI_TIMEOUT_MS is a timeout too', async () => {
      const c = await queued('25.50');
      w.spi.onSend('no-answer');
      expect(await refusal(w.settle.execute(c.id, false))).toEqual({
        isDomainError: false,
        class: 'TransientSpiError',
        message: 'SPI did not answer within 100 ms',
      });
      expect((await w.cashOut(c.id))?.status).toBe('processing');
    });

    it('a retry after a timeout picks the payment up in processing (one processing event) and completes it', async () => {
      const c = await queued('25.50');
      w.spi.onSend(new TransientSpiError('no answer'), { outcome: 'settled' });
      await expect(w.settle.execute(c.id, false)).rejects.toBeInstanceOf(TransientSpiError);

      await w.settle.execute(c.id, false);

      expect(w.spi.calls).toEqual([`send ${c.endToEndId}`, `send ${c.endToEndId}`]);
      expect(w.transaction(c.id)?.status).toBe('completed');
      expect(w.ledgerOps(c.id)).toEqual(['acc-maria hold 25.500000', 'acc-maria capture 25.500000']);
      expect(types()).toEqual(['cash_out.queued', 'cash_out.processing', 'cash_out.completed']);
    });

    it('on the last attempt, completes an order the status query says settled (capturing the hold)', async () => {
      const c = await queued('25.50');
      w.spi.onSend(new TransientSpiError('no answer')).onStatus({ outcome: 'settled' });

      await w.settle.execute(c.id, true);

      expect(w.spi.calls).toEqual([`send ${c.endToEndId}`, `status ${c.endToEndId}`]);
      expect(warnings).toEqual([
        [
          { endToEndId: c.endToEndId, outcome: 'settled' },
          'SPI send timed out on the last attempt; the status query decided',
          'SpiSettlement',
        ],
      ]);
      expect(await w.cashOut(c.id)).toMatchObject({ status: 'completed', completedAt: SETTLED_AT });
      expect(w.transaction(c.id)).toMatchObject({ status: 'completed', processedAt: SETTLED_AT });
      expect(w.ledgerOps(c.id)).toEqual(['acc-maria hold 25.500000', 'acc-maria capture 25.500000']);
      expect(await w.balance(MARIA.account)).toEqual({ available: '74.50', blocked: '0.00' });
    });

    it('on the last attempt, fails with the code the status query gives for a rejected order (releasing the hold)', async () => {
      const c = await queued('25.50');
      w.spi.onSend(new TransientSpiError('no answer')).onStatus({ outcome: 'rejected', code: 'AB03', message: 'timed out at the SPI' });

      await w.settle.execute(c.id, true);

      expect(warnings.map(([fields]) => fields)).toEqual([{ endToEndId: c.endToEndId, outcome: 'rejected' }]);
      expect(await w.cashOut(c.id)).toMatchObject({ status: 'failed', errorCode: 'AB03', errorMessage: 'timed out at the SPI' });
      expect(w.transaction(c.id)).toMatchObject({ status: 'failed', errorCode: 'AB03', errorMessage: 'timed out at the SPI' });
      expect(w.ledgerOps(c.id)).toEqual(['acc-maria hold 25.500000', 'acc-maria release 25.500000']);
      expect(await w.balance(MARIA.account)).toEqual({ available: '100.00', blocked: '0.00' });
    });

    it('on the last attempt, leaves it processing with a TransientSpiError when the SPI has no outcome', async () => {
      const c = await queued('25.50');
      w.spi.onSend(new TransientSpiError('no answer')).onStatus({ outcome: 'unknown' });

      expect(await refusal(w.settle.execute(c.id, true))).toEqual({
        isDomainError: false,
        class: 'TransientSpiError',
        message: `SPI has no outcome for ${c.endToEndId} yet; left for reconciliation`,
      });
      expect((await w.cashOut(c.id))?.status).toBe('processing');
      expect(w.transaction(c.id)?.status).toBe('processing');
      expect(await w.balance(MARIA.account)).toEqual({ available: '74.50', blocked: '25.50' });
      expect(types()).toEqual(['cash_out.queued', 'cash_out.processing']);
    });

    it('on the last attempt, leaves it processing when the status query itself fails', async () => {
      const c = await queued('25.50');
      w.spi.onSend(new TransientSpiError('no answer')).onStatus(new TransientSpiError('status timed out'));

      expect(await refusal(w.settle.execute(c.id, true))).toEqual({
        isDomainError: false,
        class: 'TransientSpiError',
        message: 'status timed out',
      });
      expect((await w.cashOut(c.id))?.status).toBe('processing');
      expect(w.ledgerOps(c.id)).toEqual(['acc-maria hold 25.500000']);
    });

    it('an error other than a timeout is not retried into a status query, even on the last attempt', async () => {
      const c = await queued('25.50');
      w.spi.onSend(new Error('SPI certificate expired'));
      expect(await refusal(w.settle.execute(c.id, true))).toEqual({
        isDomainError: false,
        class: 'Error',
        message: 'SPI certificate expired',
      });
      expect(w.spi.statusAsked).toEqual([]);
      expect((await w.cashOut(c.id))?.status).toBe('processing');
    });
  });

  describe('on-us (the recipient is a client of this institution)', () => {
    it('completes without the SPI and credits the recipient a completed cash_in, less its cash_in fee', async () => {
      w.fees.setRule(JOAO.client, 'cash_in', '0.50', '1'); // 0.50 + 1% of 15.25 (0.15) = 0.65
      const c = await queued('15.25', JOAO_EVP, 'EVP');

      await w.settle.execute(c.id, false);

      expect(w.spi.calls).toEqual([]);
      expect(await w.cashOut(c.id)).toMatchObject({ status: 'completed', completedAt: SETTLED_AT });
      expect(await w.balance(MARIA.account)).toEqual({ available: '84.75', blocked: '0.00' });
      expect(await w.balance(JOAO.account)).toEqual({ available: '14.60', blocked: '0.00' });
      expect(w.ledgerOps(c.id)).toEqual(['acc-maria hold 15.250000', 'acc-maria capture 15.250000']);

      const credit = w.transactions().find((t) => t.type === 'cash_in');
      expect(credit).toEqual({
        id: expect.any(String),
        clientId: JOAO.client,
        accountId: JOAO.account,
        type: 'cash_in',
        status: 'completed',
        externalId: null,
        reference: null,
        amount: '15.25',
        taxAmount: '0.65',
        refundedAmount: '0.00',
        pixKey: JOAO_EVP,
        pixKeyType: 'EVP',
        endToEndId: c.endToEndId,
        // The recipient sees who paid, with the payer's document and account number masked.
        payer: {
          name: MARIA.name,
          document: '***.533.447-**',
          bank: { ispb: PSP.ispb, participant_name: PSP.name, agency: '0001', account: '**0001', account_type: 'payment' },
        },
        receiver: {
          name: JOAO.name,
          document: JOAO.document,
          bank: { ispb: PSP.ispb, participant_name: PSP.name, agency: '0001', account: '100002', account_type: 'payment' },
        },
        description: null,
        txid: null,
        channel: 'api',
        metadata: null,
        errorCode: null,
        errorMessage: null,
        processedAt: SETTLED_AT,
        createdAt: SETTLED_AT,
        updatedAt: SETTLED_AT,
      });
      const creditId = credit!.id;
      expect(w.ledgerOps(creditId)).toEqual(['acc-joao credit 15.250000', 'acc-joao fee 0.650000']);
      expect(w.transaction(c.id)).toMatchObject({ status: 'completed', processedAt: SETTLED_AT });
      expect(w.outbox.events.slice(2)).toEqual([
        {
          type: 'cash_out.completed',
          aggregateId: c.id,
          clientId: MARIA.client,
          webhook: true,
          payload: { ...fields(c, '15.25'), status: 'completed' },
        },
        {
          type: 'cash_in.completed',
          aggregateId: creditId,
          clientId: JOAO.client,
          webhook: true,
          payload: {
            transaction_id: creditId,
            end_to_end_id: c.endToEndId,
            amount: '15.25',
            fee: '0.65',
            net_amount: '14.60',
            account_id: JOAO.account,
            psp_ispb: PSP.ispb,
            conciliation_id: null,
            txid: null,
            // The key Maria paid to.
            pix_key: JOAO_EVP,
            // The payer as João's line records them: masked, at this institution.
            payer: { name: 'Maria Silva', document: '***.533.447-**', ispb: PSP.ispb, institution_name: PSP.name },
          },
        },
      ]);
      expect(await w.ledgerStore.verify()).toMatchObject({ balanced: true, unbalancedJournals: [], mismatchedAccounts: [] });
    });

    it('without a cash_in fee rule, credits the whole amount (fee 0.00, no fee line)', async () => {
      const c = await queued('15.25', JOAO_EVP, 'EVP');
      await w.settle.execute(c.id, false);

      const credit = w.transactions().find((t) => t.type === 'cash_in');
      expect(credit).toMatchObject({ amount: '15.25', taxAmount: '0.00', status: 'completed' });
      expect(w.ledgerOps(credit!.id)).toEqual(['acc-joao credit 15.250000']);
      expect(await w.balance(JOAO.account)).toEqual({ available: '15.25', blocked: '0.00' });
      expect(w.outbox.events.at(-1)).toMatchObject({ type: 'cash_in.completed', payload: { fee: '0.00', net_amount: '15.25' } });
    });

    // docs/adr/0242-a-txid-reaches-a-credit-only-with-its-charge.md: the review's case, as a decode stored before the
    // decode refused another host's payload for a key held here. João's open charge had this txid; Maria paid 0.01.
    it("a dynamic code that paid no charge of ours: the credit carries no txid (row and cash_in.completed); a static code's does", async () => {
      const decodedForJoao = (endToEndId: string, qrType: 'static' | 'dynamic', result: Record<string, unknown>) =>
        w.qrLookups.insert({
          endToEndId,
          clientId: MARIA.client,
          qrType,
          pixKey: JOAO_EVP,
          pixKeyType: 'EVP',
          receiver: counterpartyOf(JOAO_KEY),
          fixedAmount: Money.of('0.01'),
          chargeId: null,
          result,
          createdAt: new Date(NOON.getTime() - 60_000),
          usedAt: null,
          cashOutId: null,
        });
      const chargeTxid = 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G';
      await decodedForJoao('E00000000202603101455FOREIGNQR02', 'dynamic', { txid: '***', charge_txid: chargeTxid });
      await decodedForJoao('E00000000202603101455STATICQR003', 'static', { txid: 'PEDIDO42' });
      for (const e2e of ['E00000000202603101455FOREIGNQR02', 'E00000000202603101455STATICQR003']) {
        const c = (await w.create.execute({ clientId: MARIA.client, amount: '0.01', lookupEndToEndId: e2e })).snapshot;
        await w.settle.execute(c.id, false);
      }
      const credits = w.transactions().filter((t) => t.type === 'cash_in');
      expect(credits.map((t) => [t.endToEndId, t.amount, t.txid])).toEqual([
        ['E00000000202603101455FOREIGNQR02', '0.01', null],
        ['E00000000202603101455STATICQR003', '0.01', 'PEDIDO42'],
      ]);
      const events = w.outbox.events.filter((e) => e.type === 'cash_in.completed').map((e) => e.payload as { txid: unknown });
      expect(events.map((e) => e.txid)).toEqual([null, 'PEDIDO42']);
      expect(w.transactions().filter((t) => t.txid === chargeTxid && t.type === 'cash_in')).toEqual([]);
    });

    it('a second execute credits the recipient once', async () => {
      const c = await queued('15.25', JOAO_EVP, 'EVP');
      await w.settle.execute(c.id, false);
      await w.settle.execute(c.id, false);

      expect(w.transactions().filter((t) => t.type === 'cash_in')).toHaveLength(1);
      expect(await w.balance(JOAO.account)).toEqual({ available: '15.25', blocked: '0.00' });
      expect(types()).toEqual(['cash_out.queued', 'cash_out.processing', 'cash_out.completed', 'cash_in.completed']);
    });
  });

  describe('on-us to a charge of this institution (Flow 3 of one of our dynamic QR codes)', () => {
    const CHARGE_ID = 'c4a26e00-0000-4000-8000-00000000c0de';
    const LOOKUP = 'E99999004202603101500ChargeLook1';

    /** João's pending charge of 30.00 (with its pending cash_in) and Maria's decode of it, then her cash-out. */
    async function chargePaidByMaria(amount = '30.00') {
      await new TransactionsService(w.transactionStore).recordPayment({
        id: CHARGE_ID,
        clientId: JOAO.client,
        accountId: JOAO.account,
        type: 'cash_in',
        status: 'pending',
        externalId: null,
        reference: 'order-7',
        amount: Money.of('30.00'),
        pixKey: JOAO_EVP,
        pixKeyType: 'EVP',
        endToEndId: null,
        payer: null,
        receiver: null,
        description: null,
        metadata: null,
        at: NOON,
      });
      await w.charges.seed({
        id: CHARGE_ID,
        clientId: JOAO.client,
        accountId: JOAO.account,
        txid: 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G',
        reference: 'order-7',
        description: null,
        amount: Money.of('30.00'),
        pixKey: JOAO_EVP,
        pixKeyType: 'EVP',
        expectedPayer: null,
        expiresAt: new Date(NOON.getTime() + 3_600_000),
        terms: null,
        details: {},
        metadata: null,
        qrCodeText: '000201',
        registryDocumentId: 'sandbox-k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G',
        createdAt: NOON,
      });
      await w.qrLookups.insert({
        endToEndId: LOOKUP,
        clientId: MARIA.client,
        qrType: 'dynamic',
        pixKey: JOAO_EVP,
        pixKeyType: 'EVP',
        receiver: counterpartyOf(JOAO_KEY),
        fixedAmount: Money.of('30.00'),
        chargeId: CHARGE_ID,
        result: {},
        createdAt: NOON,
        usedAt: null,
        cashOutId: null,
      });
      const cashOut = await w.create.execute({ clientId: MARIA.client, amount, lookupEndToEndId: LOOKUP });
      w.clock.set(SETTLED_AT);
      return cashOut.snapshot;
    }

    it('completes the charge and its own cash_in (no second credit row), with the lookup end-to-end id', async () => {
      const c = await chargePaidByMaria();
      expect(c.chargeId).toBe(CHARGE_ID);
      await w.settle.execute(c.id, false);

      expect(await w.cashOut(c.id)).toMatchObject({ status: 'completed', endToEndId: LOOKUP });
      expect(await w.balance(MARIA.account)).toEqual({ available: '70.00', blocked: '0.00' });
      expect(await w.balance(JOAO.account)).toEqual({ available: '30.00', blocked: '0.00' });
      expect(w.ledgerOps(CHARGE_ID)).toEqual(['acc-joao credit 30.000000']);
      expect(w.transactions().filter((t) => t.type === 'cash_in')).toHaveLength(1);
      expect(w.transaction(CHARGE_ID)).toMatchObject({ status: 'completed', amount: '30.00', endToEndId: LOOKUP, processedAt: SETTLED_AT });
      expect((await w.charges.findById(CHARGE_ID))!.snapshot).toMatchObject({
        status: 'completed',
        endToEndId: LOOKUP,
        paidAt: SETTLED_AT,
      });
      expect(types()).toEqual(['cash_out.queued', 'cash_out.processing', 'cash_out.completed', 'cash_in.completed']);
      expect(w.outbox.events.at(-1)).toMatchObject({
        aggregateId: CHARGE_ID,
        payload: { conciliation_id: 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G' },
      });
      expect(await w.ledgerStore.verify()).toMatchObject({ balanced: true });
    });

    it('a charge cancelled between acceptance and settlement refuses the payment: failed AG03, the hold released, nothing credited', async () => {
      const c = await chargePaidByMaria();
      const charge = (await w.charges.findById(CHARGE_ID))!;
      charge.cancel(NOON);
      await w.charges.update(charge);

      await w.settle.execute(c.id, false);

      expect(await w.cashOut(c.id)).toMatchObject({
        status: 'failed',
        errorCode: 'AG03',
        errorMessage: expect.stringContaining('cancelled'),
      });
      expect(await w.balance(MARIA.account)).toEqual({ available: '100.00', blocked: '0.00' });
      expect(await w.balance(JOAO.account)).toEqual({ available: '0.00', blocked: '0.00' });
      expect(w.ledgerOps(CHARGE_ID)).toEqual([]);
      expect((await w.charges.findById(CHARGE_ID))!.status).toBe('cancelled');
      expect(types()).toEqual(['cash_out.queued', 'cash_out.processing', 'cash_out.failed']);
    });

    it('a charge that expired before settlement refuses it too', async () => {
      const c = await chargePaidByMaria();
      w.clock.set(new Date(NOON.getTime() + 3_600_000));
      await w.settle.execute(c.id, false);
      expect(await w.cashOut(c.id)).toMatchObject({ status: 'failed', errorCode: 'AG03' });
      expect(await w.balance(MARIA.account)).toEqual({ available: '100.00', blocked: '0.00' });
    });

    it('a charge paid by someone else meanwhile is not paid twice', async () => {
      const c = await chargePaidByMaria();
      const charge = (await w.charges.findById(CHARGE_ID))!;
      charge.pay({
        amount: null,
        endToEndId: 'E0000000020260310150000000000000',
        payer: { name: 'X', document: null },
        pricedAt: NOON,
        now: NOON,
      });
      await w.charges.update(charge);

      await w.settle.execute(c.id, false);

      expect(await w.cashOut(c.id)).toMatchObject({ status: 'failed', errorCode: 'AG03' });
      expect(w.ledgerOps(CHARGE_ID)).toEqual([]);
      expect(await w.balance(MARIA.account)).toEqual({ available: '100.00', blocked: '0.00' });
    });
  });

  describe('payments settled at the same time share their transactions (batches)', () => {
    const AMOUNTS = ['1.00', '2.00', '3.00', '4.00', '5.00'];

    const ANA = { client: 'client-ana', account: 'acc-ana', document: '11144477735', name: 'Ana Lima' };
    const RUI = { client: 'client-rui', account: 'acc-rui', document: '93541134780', name: 'Rui Alves' };

    /**
     * Five queued cash-outs to Joana at another institution: the first from Ana, the second from Rui, the
     * other three from Maria. The first two calls of a step run alone, side by side; the other three wait
     * and run together. Side by side, they pay from different accounts: the in-memory ledger, unlike the
     * database, has no row lock to make two transactions on one balance wait for each other.
     */
    async function five(payers = [ANA.client, RUI.client, MARIA.client, MARIA.client, MARIA.client]) {
      w.openAccount(ANA.client, ANA.account, ANA.document, ANA.name, '100.00');
      w.openAccount(RUI.client, RUI.account, RUI.document, RUI.name, '100.00');
      const all = [];
      for (const [i, amount] of AMOUNTS.entries()) {
        const cashOut = await w.create.execute({
          clientId: payers[i]!,
          amount,
          pixKey: 'joana@example.com',
          pixKeyType: 'EMAIL',
          externalId: `ext-${amount}`,
        });
        all.push(cashOut.snapshot);
      }
      w.clock.set(SETTLED_AT);
      return all;
    }
    const LIA = { client: 'client-lia', account: 'acc-lia', document: '24681357928', name: 'Lia Rocha' };
    const ZE = { client: 'client-ze', account: 'acc-ze', document: '86421357946', name: 'José Reis' };

    /** The five from five payers (Ana, Rui, Maria, Lia, José): no two of them pay from one balance. */
    async function fiveFromFivePayers() {
      w.openAccount(LIA.client, LIA.account, LIA.document, LIA.name, '100.00');
      w.openAccount(ZE.client, ZE.account, ZE.document, ZE.name, '100.00');
      return five([ANA.client, RUI.client, MARIA.client, LIA.client, ZE.client]);
    }
    /** Each payer's balance after the five, given which of them settled. */
    const balances = async () => ({
      ana: await w.balance(ANA.account),
      rui: await w.balance(RUI.account),
      maria: await w.balance(MARIA.account),
    });

    it('step 1 and step 3 serve several payments per transaction, each payment with its own outcome', async () => {
      const payments = await five();
      w.spi.onSend(...AMOUNTS.map(() => ({ outcome: 'settled' }) as const));
      const before = w.uow.committed;

      await Promise.all(payments.map((c) => w.settle.execute(c.id, false)));

      for (const c of payments) {
        expect(await w.cashOut(c.id)).toMatchObject({ status: 'completed', completedAt: SETTLED_AT });
        expect(w.transaction(c.id)).toMatchObject({ status: 'completed' });
        expect(w.ledgerOps(c.id)).toEqual([`${c.accountId} hold ${c.amount.toFixed6()}`, `${c.accountId} capture ${c.amount.toFixed6()}`]);
        expect(w.outbox.events.filter((e) => e.aggregateId === c.id).map((e) => e.type)).toEqual([
          'cash_out.queued',
          'cash_out.processing',
          'cash_out.completed',
        ]);
      }
      // One by one, two transactions per payment (10). The first calls find a step free and run alone
      // (SETTLEMENT_BATCHES_IN_FLIGHT of them); the others wait and go through each step together.
      expect(w.uow.committed - before).toBe(2 * (SETTLEMENT_BATCHES_IN_FLIGHT + 1));
      expect(await balances()).toEqual({
        ana: { available: '99.00', blocked: '0.00' },
        rui: { available: '98.00', blocked: '0.00' },
        maria: { available: '88.00', blocked: '0.00' },
      });
      expect(w.metrics.count('settlement_outcomes_total', { outcome: 'completed', code: 'none' })).toBe(5);
      expect(await w.ledgerStore.verify()).toMatchObject({ balanced: true });
    });

    /** A lockMany that throws, before anything is written, on its `nth` call for several payments. */
    function failBatchLock(nth: number) {
      const lockMany = w.cashOuts.lockMany.bind(w.cashOuts);
      let batches = 0;
      // What a deadlock or a lost connection does to the batch's transaction.
      jest.spyOn(w.cashOuts, 'lockMany').mockImplementation(async (ids) => {
        if (ids.length > 1 && ++batches === nth) throw new Error('deadlock detected');
        return lockMany(ids);
      });
    }
    const warned = () => warnings.map((args) => args[1]);

    it('a batch whose step 3 fails is recorded again one payment at a time: each payment settles once', async () => {
      const payments = await five();
      w.spi.onSend(...AMOUNTS.map(() => ({ outcome: 'settled' }) as const));
      failBatchLock(2); // the first batch is step 1's, the second step 3's

      await Promise.all(payments.map((c) => w.settle.execute(c.id, false)));

      for (const c of payments) {
        expect(await w.cashOut(c.id)).toMatchObject({ status: 'completed' });
        expect(w.ledgerOps(c.id)).toEqual([`${c.accountId} hold ${c.amount.toFixed6()}`, `${c.accountId} capture ${c.amount.toFixed6()}`]);
      }
      expect(w.spi.sent).toHaveLength(5);
      expect(await balances()).toEqual({
        ana: { available: '99.00', blocked: '0.00' },
        rui: { available: '98.00', blocked: '0.00' },
        maria: { available: '88.00', blocked: '0.00' },
      });
      expect(w.metrics.count('settlement_outcomes_total', { outcome: 'completed', code: 'none' })).toBe(5);
      expect(warned()).toContain('a settlement batch could not record its outcomes together; recording them one by one');
    });

    it('a batch whose step 1 fails is started again one payment at a time, and each payment settles once', async () => {
      // Five payers: after step 1 one by one, the payments reach step 3 at different times, side by side.
      const payments = await fiveFromFivePayers();
      w.spi.onSend(...AMOUNTS.map(() => ({ outcome: 'settled' }) as const));
      failBatchLock(1);

      await Promise.all(payments.map((c) => w.settle.execute(c.id, false)));

      for (const c of payments) {
        expect(await w.cashOut(c.id)).toMatchObject({ status: 'completed' });
        expect(w.ledgerOps(c.id)).toEqual([`${c.accountId} hold ${c.amount.toFixed6()}`, `${c.accountId} capture ${c.amount.toFixed6()}`]);
        expect(w.outbox.events.filter((e) => e.aggregateId === c.id && e.type === 'cash_out.processing')).toHaveLength(1);
        expect((await w.balance(c.accountId)).blocked).toBe('0.00');
      }
      expect(w.spi.sent).toHaveLength(5);
      expect(warned()).toContain('a settlement batch could not start its payments together; starting them one by one');
    });

    it('a payment whose balance is busy is left out of the batch and recorded on its own once the batch committed', async () => {
      const payments = await fiveFromFivePayers();
      w.spi.onSend(...AMOUNTS.map(() => ({ outcome: 'settled' }) as const));
      const lockFree = w.ledgerStore.lockFreeBalances.bind(w.ledgerStore);
      // Lia's balance is held by another transaction (her next payment being created) when the batch asks.
      jest
        .spyOn(w.ledgerStore, 'lockFreeBalances')
        .mockImplementation(async (ids) => (await lockFree(ids)).filter((id) => id !== LIA.account));
      const before = w.uow.committed;

      await Promise.all(payments.map((c) => w.settle.execute(c.id, false)));

      for (const c of payments) {
        expect(await w.cashOut(c.id)).toMatchObject({ status: 'completed' });
        expect(w.ledgerOps(c.id)).toEqual([`${c.accountId} hold ${c.amount.toFixed6()}`, `${c.accountId} capture ${c.amount.toFixed6()}`]);
        expect((await w.balance(c.accountId)).blocked).toBe('0.00');
      }
      // Step 1: two alone and one batch; step 3: two alone, one batch (Maria's and José's) and Lia's alone.
      expect(w.uow.committed - before).toBe(2 * (SETTLEMENT_BATCHES_IN_FLIGHT + 1) + 1);
      expect(w.metrics.count('settlement_outcomes_total', { outcome: 'completed', code: 'none' })).toBe(5);
    });

    it("one payment's SPI timeout does not hold back the others: it stays processing, its funds held, for its retry", async () => {
      const payments = await five();
      w.spi.onSend(
        { outcome: 'settled' },
        { outcome: 'settled' },
        new TransientSpiError('SPI did not answer'),
        { outcome: 'settled' },
        { outcome: 'settled' },
      );

      const outcomes = await Promise.allSettled(payments.map((c) => w.settle.execute(c.id, false)));

      const timedOut = outcomes.flatMap((o, i) =>
        o.status === 'rejected' ? [{ reason: o.reason as unknown, payment: payments[i]! }] : [],
      );
      expect(timedOut).toHaveLength(1);
      expect(timedOut[0]!.reason).toBeInstanceOf(TransientSpiError);
      const held = timedOut[0]!.payment;
      expect(await w.cashOut(held.id)).toMatchObject({ status: 'processing' });
      for (const c of payments.filter((p) => p.id !== held.id)) expect(await w.cashOut(c.id)).toMatchObject({ status: 'completed' });
      // The third send timed out: the first payment of the three that went through step 1 together.
      expect(held.id).toBe(payments[2]!.id);
      expect(await balances()).toEqual({
        ana: { available: '99.00', blocked: '0.00' },
        rui: { available: '98.00', blocked: '0.00' },
        maria: { available: '88.00', blocked: '3.00' },
      });
    });
  });

  describe('reconcile', () => {
    it('asks the SPI for the status first and, when it knows the order, finishes it without sending again', async () => {
      const c = await queued('25.50');
      w.spi.onStatus({ outcome: 'settled' });

      await w.settle.reconcile(c.id, false);

      expect(w.spi.calls).toEqual([`status ${c.endToEndId}`]);
      expect(await w.cashOut(c.id)).toMatchObject({ status: 'completed' });
      expect(w.ledgerOps(c.id)).toEqual(['acc-maria hold 25.500000', 'acc-maria capture 25.500000']);
      expect(types()).toEqual(['cash_out.queued', 'cash_out.processing', 'cash_out.completed']);
    });

    it('fails an order the SPI says it rejected', async () => {
      const c = await queued('25.50');
      w.spi.onStatus({ outcome: 'rejected', code: 'AM04', message: 'Insufficient funds at the SPI' });

      await w.settle.reconcile(c.id, false);

      expect(w.spi.calls).toEqual([`status ${c.endToEndId}`]);
      expect(w.transaction(c.id)).toMatchObject({ status: 'failed', errorCode: 'AM04' });
      expect(await w.balance(MARIA.account)).toEqual({ available: '100.00', blocked: '0.00' });
    });

    it('sends again an order the SPI never received', async () => {
      const c = await queued('25.50');
      w.spi.onStatus({ outcome: 'unknown' }).onSend({ outcome: 'settled' });

      await w.settle.reconcile(c.id, false);

      expect(w.spi.calls).toEqual([`status ${c.endToEndId}`, `send ${c.endToEndId}`]);
      expect((await w.cashOut(c.id))?.status).toBe('completed');
    });

    it('settles an on-us payment without asking the SPI', async () => {
      const c = await queued('15.25', JOAO_EVP, 'EVP');
      await w.settle.reconcile(c.id, false);
      expect(w.spi.calls).toEqual([]);
      expect((await w.cashOut(c.id))?.status).toBe('completed');
      expect(await w.balance(JOAO.account)).toEqual({ available: '15.25', blocked: '0.00' });
    });
  });
});
