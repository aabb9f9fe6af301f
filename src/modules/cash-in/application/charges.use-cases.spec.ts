import { parseBrCode } from '../../../shared/domain/br-code/br-code.js';
import { cashInWorld, NOON, type CashInWorld } from './cash-in-world.fakes.js';
import type { CreateChargeCommand } from './create-charge.use-case.js';
import { TXID_PATTERN } from './txid.js';
import { domainRefusal } from '../../../shared/testing/refusal.js';

const MARIA = { client: 'client-maria', account: 'acc-maria', document: '39053344705', name: 'Maria Silva' };
const JOAO = { client: 'client-joao', account: 'acc-joao', document: '12345678909', name: 'João Souza' };
const MINUTE = 60_000;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** An end-to-end id of the sandbox's external payer (ISPB 00000000) at NOON. */
const SANDBOX_E2E_AT_NOON = /^E00000000202603101500[A-Za-z0-9]{11}$/;

/** Maria's account as the receiver of her charges (her first account: number 100001). */
const MARIA_RECEIVER = {
  name: MARIA.name,
  document: MARIA.document,
  bank: { ispb: '99999004', participant_name: 'Instant Payments Sandbox', agency: '0001', account: '100001', account_type: 'payment' },
};

describe('charges, over in-memory fakes', () => {
  let w: CashInWorld;

  beforeEach(() => {
    w = cashInWorld();
    w.openAccount(MARIA.client, MARIA.account, MARIA.document, MARIA.name, '10.00');
    w.openAccount(JOAO.client, JOAO.account, JOAO.document, JOAO.name);
  });

  const cmd = (over: Partial<CreateChargeCommand> = {}): CreateChargeCommand => ({
    clientId: MARIA.client,
    amount: '25.50',
    reference: 'order-1',
    ...over,
  });
  const issue = async (over: Partial<CreateChargeCommand> = {}) => (await w.issue(cmd(over))).charge.snapshot.id;
  /** Everything a charge can leave behind, to compare before and after a refusal. */
  const trace = () => ({
    charges: w.charges.all().map((c) => c.snapshot),
    transactions: w.transactionStore.all().map((t) => t.snapshot),
    keys: [...w.keys.rows.values()].map((k) => k.snapshot),
    events: [...w.outbox.events],
    journals: [...w.ledgerStore.journals],
    balance: w.balance(MARIA.account),
  });

  describe('CreateChargeUseCase', () => {
    it('prepare writes a dynamic BR Code pointing at the charge, and writes nothing else', async () => {
      const prepared = await w.create.prepare(cmd());

      expect(prepared.txid).toMatch(TXID_PATTERN);
      expect(prepared.expiresAt).toEqual(new Date(NOON.getTime() + 3600_000));
      expect(parseBrCode(prepared.qrCodeText)).toMatchObject({
        type: 'dynamic',
        url: `pix.sandbox.local/qr/v2/${prepared.id}`,
        amount: '25.50',
        // The BR Code manual: a dynamic code writes `***`; the txid is in the payload.
        txid: '***',
        merchantCity: 'SAO PAULO',
      });
      expect(trace()).toMatchObject({ charges: [], transactions: [], keys: [], events: [] });
      expect(w.uow.committed).toBe(0);
    });

    it('issue writes the pending charge and its pending cash_in row in one unit of work, under an EVP key registered for a keyless account', async () => {
      const prepared = await w.create.prepare(cmd({ description: 'dinner', payerName: 'Ana Lima', metadata: { table: 4 } }));
      const { charge } = await w.create.issue(prepared);

      const [key] = [...w.keys.rows.values()].map((k) => k.snapshot);
      expect(key).toMatchObject({ clientId: MARIA.client, accountId: MARIA.account, keyType: 'EVP' });
      expect(key!.keyValue).toMatch(EVP);
      expect(await w.charge(charge.snapshot.id)).toMatchObject({
        id: prepared.id,
        txid: prepared.txid,
        clientId: MARIA.client,
        accountId: MARIA.account,
        status: 'pending',
        amount: '25.50',
        pixKey: key!.keyValue,
        pixKeyType: 'EVP',
        expectedPayer: { name: 'Ana Lima', document: null },
        expiresAt: new Date(NOON.getTime() + 3600_000),
        qrCodeText: prepared.qrCodeText,
        registryDocumentId: `sandbox-${prepared.txid}`,
        createdAt: NOON,
      });
      expect(w.transaction(prepared.id)).toMatchObject({
        clientId: MARIA.client,
        accountId: MARIA.account,
        type: 'cash_in',
        status: 'pending',
        amount: '25.50',
        taxAmount: '0.00',
        reference: 'order-1',
        pixKey: key!.keyValue,
        pixKeyType: 'EVP',
        endToEndId: null,
        payer: { name: 'Ana Lima', document: null },
        receiver: MARIA_RECEIVER,
        description: 'dinner',
        metadata: { table: 4 },
      });
      expect(w.outbox.events.map((e) => e.type)).toEqual(['key.registered']);
      expect(w.uow.committed).toBe(1);
    });

    it("names the account's oldest key when it has one, registering none", async () => {
      await w.register.execute({ clientId: MARIA.client, keyType: 'CPF', keyValue: MARIA.document });
      const id = await issue();

      expect(await w.charge(id)).toMatchObject({ pixKey: MARIA.document, pixKeyType: 'CPF' });
      expect(w.keys.rows.size).toBe(1);
      expect(w.outbox.events.map((e) => e.type)).toEqual(['key.registered']);
    });

    it('an immediate charge expires expiration_time seconds after it was created', async () => {
      const id = await issue({ expirationTime: 90 });
      expect((await w.charge(id))?.expiresAt).toEqual(new Date(NOON.getTime() + 90_000));
    });

    it('a due-date charge is payable until the end of due date + 30 days in São Paulo, and its BR Code carries no amount', async () => {
      const prepared = await w.create.prepare(cmd({ terms: { dueDate: '2026-03-20', penalty: { mode: 1, value: '2.00' } } }));

      // 2026-04-20 00:00 in São Paulo (UTC-3).
      expect(prepared.expiresAt).toEqual(new Date('2026-04-20T03:00:00.000Z'));
      expect(parseBrCode(prepared.qrCodeText).amount).toBeUndefined();
      const { charge } = await w.create.issue(prepared);
      expect(charge.snapshot.terms).toEqual({ dueDate: '2026-03-20', penalty: { mode: 1, value: '2.00' } });
    });

    it.each<[string, Partial<CreateChargeCommand>, string]>([
      ['a penalty without a due date', { terms: { penalty: { mode: 1, value: '1.00' } } }, 'penalty'],
      ['an expiration time on a due-date charge', { terms: { dueDate: '2026-03-20' }, expirationTime: 60 }, 'expiration_time'],
      [
        'a withdrawal on a due-date charge',
        { terms: { dueDate: '2026-03-20' }, details: { withdrawAmount: '25.50', withdrawAgentMode: 1 } },
        'withdraw_amount',
      ],
      ['change not below the amount', { details: { changeAmount: '25.50', changeAgentMode: 'AGTEC' } }, 'change_amount'],
      ['a withdrawal other than the amount', { details: { withdrawAmount: '20.00', withdrawAgentMode: 1 } }, 'withdraw_amount'],
      ['a withdrawal without its agent mode', { details: { withdrawAmount: '25.50' } }, 'withdraw_agent_mode'],
      ['a payer document that is neither CPF nor CNPJ', { payerDocument: '12345678900' }, 'payer_document'],
      ['a due date before today (São Paulo)', { terms: { dueDate: '2026-03-09' } }, 'due_date'],
      ['a due-date amount below 0.01', { terms: { dueDate: '2026-03-20' }, amount: '0.001' }, 'amount'],
    ])('refuses %s with VALIDATION_ERROR naming the field, writing nothing', async (_, over, field) => {
      const refused = await domainRefusal(w.issue(cmd(over)));

      expect(refused.code).toBe('VALIDATION_ERROR');
      expect(refused.details?.map((d) => d.field)).toContain(field);
      expect(trace()).toMatchObject({ charges: [], transactions: [], keys: [], events: [] });
    });

    it('accepts change below the amount and a withdrawal equal to it (Pix Troco and Saque)', async () => {
      const troco = await issue({ details: { changeAmount: '5.00', changeAgentMode: 'AGTEC' } });
      const saque = await issue({ reference: 'order-2', details: { withdrawAmount: '25.50', withdrawAgentMode: 1 } });

      expect((await w.charge(troco))?.details).toEqual({ changeAmount: '5.00', changeAgentMode: 'AGTEC' });
      expect((await w.charge(saque))?.details).toEqual({ withdrawAmount: '25.50', withdrawAgentMode: 1 });
    });

    it('refuses a client without an account with ACCOUNT_NOT_FOUND', async () => {
      expect((await domainRefusal(w.issue(cmd({ clientId: 'client-nobody' })))).code).toBe('ACCOUNT_NOT_FOUND');
    });

    it('a charge that cannot be stored leaves no trace: its EVP key and its transaction roll back with it', async () => {
      const joaos = (await w.issue(cmd({ clientId: JOAO.client }))).charge.snapshot;
      const before = trace();
      const prepared = await w.create.prepare(cmd());

      // Maria's EVP key is registered before her rows refuse an id already taken (a txid is unique per client only).
      await expect(w.create.issue({ ...prepared, id: joaos.id })).rejects.toThrow();

      expect(trace()).toEqual(before);
      expect(w.transaction(prepared.id)).toBeUndefined();
      expect(w.uow.rolledBack).toBe(1);
      await w.create.issue(prepared);
      expect([...w.keys.rows.values()].map((k) => k.snapshot.clientId)).toEqual([JOAO.client, MARIA.client]);
      expect(w.outbox.events.map((e) => [e.type, e.clientId])).toEqual([
        ['key.registered', JOAO.client],
        ['key.registered', MARIA.client],
      ]);
    });
  });

  describe("a caller's own txid and key (API Pix cob)", () => {
    const OWN_TXID = 'pedido2026000000000000000042';

    it('keeps the txid given, issues under the key named, and finds the charge by txid', async () => {
      const { entry } = await w.register.execute({ clientId: MARIA.client, keyType: 'EVP' });
      const id = await issue({ txid: OWN_TXID, pixKey: entry.keyValue });
      expect(await w.charge(id)).toMatchObject({ txid: OWN_TXID, pixKey: entry.keyValue, accountId: MARIA.account });
      expect((await w.get.byTxid(MARIA.client, OWN_TXID)).snapshot.id).toBe(id);
      // Another client's txid is answered as none (docs/conventions.md §1, tenancy).
      expect((await domainRefusal(w.get.byTxid(JOAO.client, OWN_TXID))).code).toBe('CASH_IN_NOT_FOUND');
    });

    it('refuses a txid the client used already (TXID_IN_USE), leaving no trace; another client may use it', async () => {
      await issue({ txid: OWN_TXID });
      const before = trace();
      expect((await domainRefusal(issue({ txid: OWN_TXID }))).code).toBe('TXID_IN_USE');
      expect(trace()).toEqual(before);
      await expect(issue({ clientId: JOAO.client, txid: OWN_TXID })).resolves.toEqual(expect.any(String));
    });

    it("refuses a txid out of API Pix's shape, and another client's key as one never registered", async () => {
      expect((await domainRefusal(issue({ txid: 'short' }))).details).toEqual([
        { field: 'txid', issue: 'must be 26 to 35 letters and digits' },
      ]);
      const { entry } = await w.register.execute({ clientId: JOAO.client, keyType: 'EVP' });
      expect((await domainRefusal(issue({ pixKey: entry.keyValue }))).code).toBe('PIX_KEY_NOT_REGISTERED');
    });
  });

  describe('ReviseChargeUseCase', () => {
    it('changes the expiry (from creation), the expected payer and the description; the revision counts one', async () => {
      const id = await issue({ txid: 'pedido2026000000000000000043' });
      const revised = await w.revise.execute(MARIA.client, 'pedido2026000000000000000043', {
        expirationSeconds: 7200,
        expectedPayer: { name: JOAO.name, document: JOAO.document },
        description: 'revisada',
      });
      expect(revised.snapshot).toMatchObject({
        expiresAt: new Date(NOON.getTime() + 7_200_000),
        expectedPayer: { name: JOAO.name, document: JOAO.document },
        description: 'revisada',
        revision: 1,
        status: 'pending',
      });
      expect((await w.charge(id))?.amount).toBe('25.50');
    });

    it("revises a due-date charge's payer, address included, and refuses it an expiry of its own", async () => {
      await issue({ txid: 'pedido2026000000000000000046', terms: { dueDate: '2026-03-20' } });
      const address = { street: 'Rua Um, 1', city: 'Recife', state: 'PE', postalCode: '50000000' };
      const revised = await w.revise.execute(MARIA.client, 'pedido2026000000000000000046', {
        expectedPayer: { name: JOAO.name, document: JOAO.document },
        payerAddress: address,
      });
      expect(revised.snapshot).toMatchObject({ expectedPayer: { name: JOAO.name, document: JOAO.document }, revision: 1 });
      expect(revised.snapshot.details.payerAddress).toEqual(address);
      const cleared = await w.revise.execute(MARIA.client, 'pedido2026000000000000000046', { payerAddress: null });
      expect(cleared.snapshot.details.payerAddress).toBeUndefined();
      expect((await domainRefusal(w.revise.execute(MARIA.client, 'pedido2026000000000000000046', { expirationSeconds: 7200 }))).code).toBe(
        'VALIDATION_ERROR',
      );
      // An immediate charge keeps no payer address.
      await issue({ txid: 'pedido2026000000000000000047' });
      expect((await domainRefusal(w.revise.execute(MARIA.client, 'pedido2026000000000000000047', { payerAddress: address }))).code).toBe(
        'VALIDATION_ERROR',
      );
    });

    it('refuses an expiry already past, and a charge no longer pending', async () => {
      await issue({ txid: 'pedido2026000000000000000044' });
      w.clock.advance(2 * MINUTE);
      expect((await domainRefusal(w.revise.execute(MARIA.client, 'pedido2026000000000000000044', { expirationSeconds: 60 }))).code).toBe(
        'VALIDATION_ERROR',
      );
      const id = await issue({ txid: 'pedido2026000000000000000045' });
      await w.cancel.execute(MARIA.client, id);
      expect((await domainRefusal(w.revise.execute(MARIA.client, 'pedido2026000000000000000045', { description: 'x' }))).code).toBe(
        'CHARGE_NOT_PENDING',
      );
    });
  });

  describe('CancelChargeUseCase', () => {
    it('cancels a pending charge: the charge, its transaction row and cash_in.cancelled together', async () => {
      const id = await issue();
      w.clock.advance(MINUTE);
      const at = w.clock.now();

      const cancelled = await w.cancel.execute(MARIA.client, id);

      expect(cancelled.status).toBe('cancelled');
      expect(await w.charge(id)).toMatchObject({ status: 'cancelled', cancelledAt: at, updatedAt: at });
      expect(w.transaction(id)).toMatchObject({ status: 'cancelled', updatedAt: at });
      const charge = (await w.charge(id))!;
      expect(w.outbox.events.at(-1)).toEqual({
        type: 'cash_in.cancelled',
        aggregateId: id,
        clientId: MARIA.client,
        webhook: true,
        payload: {
          transaction_id: id,
          conciliation_id: charge.txid,
          reference: 'order-1',
          status: 'cancelled',
          amount: '25.50',
          account_id: MARIA.account,
        },
      });
    });

    it('refuses to cancel a paid charge with CHARGE_NOT_PENDING, changing nothing', async () => {
      const id = await issue();
      await w.pay.execute({ clientId: MARIA.client, chargeId: id });
      const before = trace();

      const refused = await domainRefusal(w.cancel.execute(MARIA.client, id));

      expect(refused).toMatchObject({ code: 'CHARGE_NOT_PENDING', message: expect.stringContaining('completed') });
      expect(trace()).toEqual(before);
      expect((await w.charge(id))?.status).toBe('completed');
    });

    it('refuses to cancel a cancelled charge a second time, with no second event', async () => {
      const id = await issue();
      await w.cancel.execute(MARIA.client, id);

      expect((await domainRefusal(w.cancel.execute(MARIA.client, id))).code).toBe('CHARGE_NOT_PENDING');
      expect(w.outbox.events.filter((e) => e.type === 'cash_in.cancelled')).toHaveLength(1);
    });

    it('a lapsed charge expires instead (that commits, with cash_in.expired) and the cancel is refused', async () => {
      const id = await issue({ expirationTime: 60 });
      w.clock.advance(MINUTE);

      const refused = await domainRefusal(w.cancel.execute(MARIA.client, id));

      expect(refused).toMatchObject({ code: 'CHARGE_NOT_PENDING', message: expect.stringContaining('expired') });
      expect(await w.charge(id)).toMatchObject({ status: 'expired', expiredAt: w.clock.now(), cancelledAt: null });
      expect(w.transaction(id)?.status).toBe('expired');
      expect(w.outbox.events.map((e) => e.type)).toEqual(['key.registered', 'cash_in.expired']);
      expect(w.uow.rolledBack).toBe(0);
    });

    it("answers an unknown charge and another client's charge with CASH_IN_NOT_FOUND", async () => {
      const joaos = await issue({ clientId: JOAO.client });

      expect((await domainRefusal(w.cancel.execute(MARIA.client, 'no-such-charge'))).code).toBe('CASH_IN_NOT_FOUND');
      expect((await domainRefusal(w.cancel.execute(MARIA.client, joaos))).code).toBe('CASH_IN_NOT_FOUND');
      expect((await w.charge(joaos))?.status).toBe('pending');
    });
  });

  describe('ExpireChargesUseCase', () => {
    it('expires the lapsed pending charges (expiry reached to the millisecond), earliest first, up to the limit', async () => {
      const in2min = await issue({ expirationTime: 120 });
      const in1min = await issue({ reference: 'b', expirationTime: 60 });
      const later = await issue({ reference: 'c', expirationTime: 121 });
      const paid = await issue({ reference: 'd', expirationTime: 30 });
      await w.pay.execute({ clientId: MARIA.client, chargeId: paid });
      w.clock.advance(2 * MINUTE);

      expect(await w.expire.execute(w.clock.now(), 1)).toBe(1);
      expect((await w.charge(in1min))?.status).toBe('expired');
      expect((await w.charge(in2min))?.status).toBe('pending');

      expect(await w.expire.execute(w.clock.now(), 10)).toBe(1);
      expect(await w.expire.execute(w.clock.now(), 10)).toBe(0);

      expect(await Promise.all([in1min, in2min, later, paid].map(async (id) => (await w.charge(id))?.status))).toEqual([
        'expired',
        'expired',
        'pending',
        'completed',
      ]);
      expect([in1min, in2min, later, paid].map((id) => w.transaction(id)?.status)).toEqual(['expired', 'expired', 'pending', 'completed']);
      expect(w.outbox.events.filter((e) => e.type === 'cash_in.expired').map((e) => e.aggregateId)).toEqual([in1min, in2min]);
    });
  });

  describe('GetChargeUseCase', () => {
    it('answers a pending charge as stored, opening no transaction', async () => {
      const id = await issue();
      const commits = w.uow.committed;

      expect((await w.get.execute(MARIA.client, id)).snapshot).toMatchObject({ id, status: 'pending' });
      expect(w.uow.committed).toBe(commits);
    });

    it('expires a lapsed charge on read, once: its row, its transaction and one cash_in.expired', async () => {
      const id = await issue({ expirationTime: 60 });
      w.clock.advance(MINUTE + 1);

      expect((await w.get.execute(MARIA.client, id)).status).toBe('expired');
      expect((await w.get.execute(MARIA.client, id)).status).toBe('expired');

      expect(w.transaction(id)?.status).toBe('expired');
      expect(w.outbox.events.filter((e) => e.type === 'cash_in.expired')).toHaveLength(1);
    });

    it("answers another client's charge with CASH_IN_NOT_FOUND", async () => {
      const id = await issue();
      expect((await domainRefusal(w.get.execute(JOAO.client, id))).code).toBe('CASH_IN_NOT_FOUND');
    });
  });

  describe('PayChargeUseCase (the sandbox payer)', () => {
    it('pays the amount due: the credit, the completed charge and cash_in row, and cash_in.completed commit together', async () => {
      const id = await issue();
      const txid = (await w.charge(id))!.txid;
      const commits = w.uow.committed;

      const paid = await w.pay.execute({ clientId: MARIA.client, chargeId: id });

      expect(paid.endToEndId).toMatch(SANDBOX_E2E_AT_NOON);
      expect(paid.amount.toFixed2()).toBe('25.50');
      expect(w.balance(MARIA.account)).toEqual({ available: '35.50', blocked: '0.00' });
      expect(w.ledgerOps(id)).toEqual(['acc-maria credit 25.500000']);
      expect(await w.charge(id)).toMatchObject({
        status: 'completed',
        paidAmount: '25.50',
        endToEndId: paid.endToEndId,
        payer: { name: 'Sandbox Payer', document: null },
        paidAt: NOON,
      });
      expect(w.transaction(id)).toMatchObject({
        status: 'completed',
        amount: '25.50',
        taxAmount: '0.00',
        endToEndId: paid.endToEndId,
        payer: { name: 'Sandbox Payer', document: null, bank: { ispb: '00000000', participant_name: null } },
        processedAt: NOON,
      });
      expect(w.outbox.events.at(-1)).toEqual({
        type: 'cash_in.completed',
        aggregateId: id,
        clientId: MARIA.client,
        webhook: true,
        payload: {
          transaction_id: id,
          end_to_end_id: paid.endToEndId,
          amount: '25.50',
          fee: '0.00',
          net_amount: '25.50',
          account_id: MARIA.account,
          psp_ispb: '99999004',
          conciliation_id: txid,
          txid,
          // The charge's key, which the payment was sent to.
          pix_key: expect.any(String),
          // The sandbox's default payer, at 00000000 (which this test's empty participant list lacks: no name).
          payer: { name: 'Sandbox Payer', document: null, ispb: '00000000', institution_name: null },
        },
      });
      expect(w.uow.committed).toBe(commits + 1);
    });

    it("charges the merchant's cash_in fee in the same journal, and shows it on the row and the event", async () => {
      w.fees.setRule(MARIA.client, 'cash_in', '0.50', '1');
      const id = await issue({ amount: '100.00' });

      await w.pay.execute({ clientId: MARIA.client, chargeId: id, amount: '100.00', payer: { name: 'Ana Lima', document: JOAO.document } });

      expect(w.ledgerOps(id)).toEqual(['acc-maria credit 100.000000', 'acc-maria fee 1.500000']);
      expect(w.balance(MARIA.account)).toEqual({ available: '108.50', blocked: '0.00' });
      expect(w.transaction(id)).toMatchObject({ taxAmount: '1.50', payer: { name: 'Ana Lima', document: JOAO.document } });
      expect(w.outbox.events.at(-1)?.payload).toMatchObject({ amount: '100.00', fee: '1.50', net_amount: '98.50' });
    });

    it('refuses another amount with AMOUNT_MISMATCH naming the amount due, writing nothing', async () => {
      const id = await issue();
      const before = trace();

      const refused = await domainRefusal(w.pay.execute({ clientId: MARIA.client, chargeId: id, amount: '25.49' }));

      expect(refused).toMatchObject({ code: 'AMOUNT_MISMATCH', details: [{ field: 'amount', issue: 'must be 25.50' }] });
      expect(trace()).toEqual(before);
    });

    it('takes a payment until the last millisecond before expiry, and refuses one at expiry with QR_CODE_EXPIRED, writing nothing', async () => {
      const first = await issue({ expirationTime: 60 });
      const second = await issue({ reference: 'b', expirationTime: 60 });
      w.clock.advance(MINUTE - 1);
      await w.pay.execute({ clientId: MARIA.client, chargeId: first });
      w.clock.advance(1);
      const before = trace();

      expect((await domainRefusal(w.pay.execute({ clientId: MARIA.client, chargeId: second }))).code).toBe('QR_CODE_EXPIRED');
      expect(trace()).toEqual(before);
      expect((await w.charge(first))?.status).toBe('completed');
    });

    it('refuses an expired charge with QR_CODE_EXPIRED and a cancelled one with CHARGE_NOT_PAYABLE', async () => {
      const expired = await issue({ expirationTime: 60 });
      const cancelled = await issue({ reference: 'b' });
      await w.cancel.execute(MARIA.client, cancelled);
      w.clock.advance(MINUTE);
      await w.expire.execute(w.clock.now());

      expect((await domainRefusal(w.pay.execute({ clientId: MARIA.client, chargeId: expired }))).code).toBe('QR_CODE_EXPIRED');
      expect((await domainRefusal(w.pay.execute({ clientId: MARIA.client, chargeId: cancelled }))).code).toBe('CHARGE_NOT_PAYABLE');
      expect(w.ledgerStore.journals).toEqual([]);
    });

    it('takes a charge once: a second payment is refused with CHARGE_NOT_PAYABLE and credits nothing', async () => {
      const id = await issue();
      await w.pay.execute({ clientId: MARIA.client, chargeId: id });

      expect((await domainRefusal(w.pay.execute({ clientId: MARIA.client, chargeId: id }))).code).toBe('CHARGE_NOT_PAYABLE');
      expect(w.ledgerOps(id)).toEqual(['acc-maria credit 25.500000']);
      expect(w.outbox.events.filter((e) => e.type === 'cash_in.completed')).toHaveLength(1);
    });

    it('a due-date charge paid after its due date is owed the penalty: the amount due, not the original, is credited', async () => {
      const id = await issue({ amount: '100.00', terms: { dueDate: '2026-03-10', penalty: { mode: 1, value: '2.00' } } });
      w.clock.advance(24 * 60 * MINUTE);

      expect(await domainRefusal(w.pay.execute({ clientId: MARIA.client, chargeId: id, amount: '100.00' }))).toMatchObject({
        code: 'AMOUNT_MISMATCH',
        details: [{ field: 'amount', issue: 'must be 102.00' }],
      });
      const paid = await w.pay.execute({ clientId: MARIA.client, chargeId: id });

      expect(paid.amount.toFixed2()).toBe('102.00');
      expect(await w.charge(id)).toMatchObject({ amount: '100.00', paidAmount: '102.00' });
      expect(w.transaction(id)?.amount).toBe('102.00');
    });

    it("answers another client's charge with CASH_IN_NOT_FOUND", async () => {
      const id = await issue();
      expect((await domainRefusal(w.pay.execute({ clientId: JOAO.client, chargeId: id }))).code).toBe('CASH_IN_NOT_FOUND');
      expect((await w.charge(id))?.status).toBe('pending');
    });
  });
});
