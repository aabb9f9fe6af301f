import { ChargeCashParts } from './charge-cash-parts.js';
import { cashInWorld, type CashInWorld } from './cash-in-world.fakes.js';
import type { CreateChargeCommand } from './create-charge.use-case.js';

const MARIA = { client: 'client-maria', account: 'acc-maria', document: '39053344705', name: 'Maria Silva' };

/** The part a reversal with code SL02 may give back (docs/conventions.md §10, docs/adr/0218-refund-codes-clients-may-send.md). */
describe('ChargeCashParts: the Pix Saque/Troco part of the charge a received payment paid', () => {
  let w: CashInWorld;
  let parts: ChargeCashParts;
  let n = 0;

  beforeEach(() => {
    w = cashInWorld();
    w.openAccount(MARIA.client, MARIA.account, MARIA.document, MARIA.name);
    parts = new ChargeCashParts(w.charges);
  });

  const paidCharge = async (over: Partial<CreateChargeCommand>) => {
    const id = (await w.issue({ clientId: MARIA.client, amount: '25.50', reference: `order-${++n}`, ...over })).charge.snapshot.id;
    await w.pay.execute({ clientId: MARIA.client, chargeId: id });
    return id;
  };

  it('a Pix Saque charge: the withdrawal part, withdraw_amount', async () => {
    const id = await paidCharge({ details: { withdrawAmount: '25.50', withdrawAgentMode: 1 } });

    const part = await parts.ofPayment(id);

    expect(part && { kind: part.kind, amount: part.amount.toFixed2() }).toEqual({ kind: 'withdrawal', amount: '25.50' });
  });

  it('a Pix Troco charge: the change part, change_amount', async () => {
    const id = await paidCharge({ details: { changeAmount: '5.00', changeAgentMode: 'AGTEC' } });

    const part = await parts.ofPayment(id);

    expect(part && { kind: part.kind, amount: part.amount.toFixed2() }).toEqual({ kind: 'change', amount: '5.00' });
  });

  it('none for a charge without either part, for an unpaid Troco charge, and for a payment that paid no charge', async () => {
    const plain = await paidCharge({});
    const unpaid = (
      await w.issue({
        clientId: MARIA.client,
        amount: '25.50',
        reference: 'unpaid',
        details: { changeAmount: '5.00', changeAgentMode: 'AGTEC' },
      })
    ).charge.snapshot.id;

    expect(await parts.ofPayment(plain)).toBeNull();
    expect(await parts.ofPayment(unpaid)).toBeNull();
    expect(await parts.ofPayment('a-deposit-transaction')).toBeNull();
  });
});
