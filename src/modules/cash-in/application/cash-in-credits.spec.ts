import { Money } from '../../../shared/money/money.js';
import { FeePolicy } from '../../fees/application/fee-policy.js';
import { InMemoryFeeSchedules } from '../../fees/application/fees.fakes.js';
import { CashInCredits, creditTxid } from './cash-in-credits.js';

describe('CashInCredits, the one way money arrives as a cash_in', () => {
  const credit = {
    transactionId: '6f1c2a52-9a0e-4a43-9d0f-0c6d9f1f5b11',
    clientId: 'client-ana',
    accountId: 'acc-ana',
    amount: Money.of('200.00'),
    endToEndId: 'E9999900420261126120000000000001',
    description: 'on-us cash-in',
    // As an on-us payer's record holds them: the document masked, the account at this institution.
    payer: {
      name: 'Bruno Lima',
      document: '***.456.789-**',
      bank: {
        ispb: '99999004',
        participant_name: 'Instant Payments Sandbox',
        agency: '0001',
        account: '*****6789',
        account_type: 'payment',
      },
    },
  };
  let schedules: InMemoryFeeSchedules;
  let credits: CashInCredits;

  beforeEach(() => {
    schedules = new InMemoryFeeSchedules();
    credits = new CashInCredits(new FeePolicy(schedules), { pspIspb: '99999004' });
  });

  it('without a fee rule: one credit line, and an event whose fee is zero and net the whole amount', async () => {
    const priced = await credits.price(credit);
    expect(priced.fee.toFixed2()).toBe('0.00');
    expect(priced.movement).toEqual({
      transactionId: credit.transactionId,
      description: 'on-us cash-in',
      lines: [{ accountId: 'acc-ana', operation: 'credit', amount: credit.amount }],
    });
    expect(priced.event.payload).toMatchObject({ amount: '200.00', fee: '0.00', net_amount: '200.00', conciliation_id: null });
  });

  it("with the receiver's cash_in rule: the fee line follows the credit, and the event carries the same figures", async () => {
    schedules.setRule('client-ana', 'cash_in', '0.50', '1');
    const priced = await credits.price({ ...credit, conciliationId: 'txid0001' });
    expect(priced.fee.toFixed2()).toBe('2.50');
    expect(priced.movement.lines.map((l) => `${l.operation} ${l.amount.toFixed2()}`)).toEqual(['credit 200.00', 'fee 2.50']);
    expect(priced.event).toMatchObject({ type: 'cash_in.completed', aggregateId: credit.transactionId, clientId: 'client-ana' });
    expect(priced.event.payload).toMatchObject({
      transaction_id: credit.transactionId,
      end_to_end_id: credit.endToEndId,
      amount: '200.00',
      fee: '2.50',
      net_amount: '197.50',
      account_id: 'acc-ana',
      psp_ispb: '99999004',
      conciliation_id: 'txid0001',
    });
  });

  it("the event's payer is the credit's payer record: name, masked document, ISPB and the institution's recorded name", async () => {
    expect((await credits.price(credit)).event.payload.payer).toEqual({
      name: 'Bruno Lima',
      document: '***.456.789-**',
      ispb: '99999004',
      institution_name: 'Instant Payments Sandbox',
    });
    const external = { name: 'Carla Externa', document: '52998224725', bank: { ispb: '12345678', participant_name: null } };
    expect((await credits.price({ ...credit, payer: external })).event.payload.payer).toEqual({
      name: 'Carla Externa',
      document: '***.982.247-**',
      ispb: '12345678',
      institution_name: null,
    });
  });

  it('a rule for another type does not price a cash_in', async () => {
    schedules.setRule('client-ana', 'p2p_in', '1.00', '0');
    expect((await credits.price(credit)).fee.toFixed2()).toBe('0.00');
  });

  // docs/adr/0242-a-txid-reaches-a-credit-only-with-its-charge.md
  describe('the txid a credit carries', () => {
    const CHARGE_TXID = 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G';

    it("a charge's payment carries the charge's txid", async () => {
      const priced = await credits.price({ ...credit, conciliationId: CHARGE_TXID });
      expect({ txid: priced.txid, event: priced.event.payload.txid }).toEqual({ txid: CHARGE_TXID, event: CHARGE_TXID });
    });

    it("a static code's txid (1 to 25 letters and digits) is carried", async () => {
      const priced = await credits.price({ ...credit, txid: 'PEDIDO2026000042' });
      expect({ txid: priced.txid, event: priced.event.payload.txid, conciliation: priced.event.payload.conciliation_id }).toEqual({
        txid: 'PEDIDO2026000042',
        event: 'PEDIDO2026000042',
        conciliation: null,
      });
    });

    it("the review's case: a charge's txid carried by a payment that did not pay the charge is not attached", async () => {
      const priced = await credits.price({ ...credit, amount: Money.of('0.01'), txid: CHARGE_TXID });
      expect({ txid: priced.txid, event: priced.event.payload.txid, conciliation: priced.event.payload.conciliation_id }).toEqual({
        txid: null,
        event: null,
        conciliation: null,
      });
    });

    it.each([
      ["a charge's txid", CHARGE_TXID],
      ['a formula', "=cmd|'/c calc'!A1"],
      ['a hyphen', 'RP12345678-2019'],
      ['***', '***'],
      ['26 letters', 'A'.repeat(26)],
    ])('without a charge, %s is not a txid the credit carries', (_, txid) => {
      expect(creditTxid({ txid })).toBeNull();
    });
  });
});
