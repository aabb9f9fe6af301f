import { Logger } from '@nestjs/common';
import { Money } from '../../../shared/money/money.js';
import { TransientSpiError } from '../../spi/application/spi-gateway.js';
import type { CreateReversalCommand } from './create-reversal.use-case.js';
import { ANA, EXTERNAL, NOON, RETURN_TO_JOANA } from '../../transactions/application/received-payments.fakes.js';
import { reversalsWorld, type ReversalsWorld } from './reversals-world.fakes.js';

Logger.overrideLogger(false);

/** The one place a CreateReversalCommand is built: Ana gives back 40.00 of Joana's payment unless told otherwise. */
function command(over: Partial<CreateReversalCommand> = {}): CreateReversalCommand {
  return { clientId: ANA.client, amount: '40.00', externalId: 'rev-1', endToEndId: EXTERNAL.endToEndId, ...over };
}

const REJECTED = { outcome: 'rejected', code: 'AC03', message: 'invalid creditor account' } as const;

describe('SettleReversalUseCase, over the scripted SPI and the real settlement protocol', () => {
  let w: ReversalsWorld;
  let id: string;
  let refundE2e: string;

  /** Ana gives back 40.00 of the 100.00 Joana (at BB) paid her: queued, 40.00 held. */
  beforeEach(async () => {
    w = reversalsWorld();
    await w.receiveExternal('100.00');
    const r = (await w.create.execute(command())).snapshot;
    id = r.id;
    refundE2e = r.refundEndToEndId;
  });

  it("sends a return of the original payment, with the reversal's refund code, from Ana's account to Joana's at BB", async () => {
    w.spi.onSend({ outcome: 'settled' });

    await w.settle.execute(id, false);

    expect(w.spi.sent.map((o) => ({ ...o, amount: o.amount.toFixed2() }))).toEqual([
      {
        endToEndId: refundE2e,
        amount: '40.00',
        ...RETURN_TO_JOANA,
        returnOf: { originalEndToEndId: EXTERNAL.endToEndId, reasonCode: 'MD06' },
      },
    ]);
  });

  it('a reversal made with refund code SL02 (of a Pix Troco charge) goes out with it as the reason', async () => {
    w.cashParts.set(EXTERNAL.transactionId, { kind: 'change', amount: Money.of('20.00') });
    const other = (await w.create.execute(command({ externalId: 'rev-SL02', amount: '1.00', refundCode: 'SL02' }))).snapshot.id;
    w.spi.onSend({ outcome: 'settled' });

    await w.settle.execute(other, false);

    expect(w.spi.sent.map((o) => o.returnOf)).toEqual([{ originalEndToEndId: EXTERNAL.endToEndId, reasonCode: 'SL02' }]);
  });

  it('moves the reversal and its statement row to processing before calling the SPI', async () => {
    w.clock.advance(1_000);
    const settling = await w.settle.begin(id);

    expect(settling?.order?.endToEndId).toBe(refundE2e);
    expect(w.reversal(id)).toMatchObject({ status: 'processing', updatedAt: w.clock.now() });
    expect(w.transaction(id)).toMatchObject({ status: 'processing', updatedAt: w.clock.now() });
    expect(w.balance(ANA.account)).toEqual({ available: '60.00', blocked: '40.00' });
  });

  it('settled: the hold is captured, the reversal and its row complete, reversal.completed is written', async () => {
    w.spi.onSend({ outcome: 'settled' });
    w.clock.advance(5_000);

    await w.settle.execute(id, false);

    const done = w.clock.now();
    expect(w.reversal(id)).toMatchObject({ status: 'completed', completedAt: done, updatedAt: done, errorCode: null });
    expect(w.ledgerOps(id)).toEqual([`${ANA.account} hold 40.000000`, `${ANA.account} capture 40.000000`]);
    expect(w.balance(ANA.account)).toEqual({ available: '60.00', blocked: '0.00' });
    expect(w.transaction(id)).toMatchObject({ status: 'completed', processedAt: done });
    expect(w.refunded(EXTERNAL.transactionId)).toBe('40.00');
    expect(w.outbox.events.map((e) => [e.type, e.aggregateId, e.webhook])).toEqual([
      ['reversal.queued', id, false],
      ['reversal.completed', id, true],
    ]);
    expect(w.outbox.events[1]!.payload).toEqual({
      transaction_id: id,
      external_id: 'rev-1',
      original_end_to_end_id: EXTERNAL.endToEndId,
      refund_end_to_end_id: refundE2e,
      amount: '40.00',
      refund_code: 'MD06',
      status: 'completed',
    });
    expect((await w.ledgerStore.verify()).balanced).toBe(true);
  });

  it("rejected: the hold is released, the reversal fails with the SPI's code, and the amount is reversable again", async () => {
    w.spi.onSend(REJECTED);

    await w.settle.execute(id, false);

    expect(w.reversal(id)).toMatchObject({
      status: 'failed',
      errorCode: 'AC03',
      errorMessage: 'invalid creditor account',
      completedAt: null,
    });
    expect(w.ledgerOps(id)).toEqual([`${ANA.account} hold 40.000000`, `${ANA.account} release 40.000000`]);
    expect(w.balance(ANA.account)).toEqual({ available: '100.00', blocked: '0.00' });
    expect(w.transaction(id)).toMatchObject({
      status: 'failed',
      errorCode: 'AC03',
      errorMessage: 'invalid creditor account',
      processedAt: null,
    });
    expect(w.refunded(EXTERNAL.transactionId)).toBe('0.00');
    expect(w.outbox.events.map((e) => e.type)).toEqual(['reversal.queued', 'reversal.failed']);
    expect(w.outbox.events[1]!.payload).toMatchObject({ status: 'failed', error_code: 'AC03', error_message: 'invalid creditor account' });

    // The whole payment can be given back again.
    const again = (await w.create.execute(command({ externalId: 'rev-2', amount: '100.00' }))).snapshot.id;
    expect(w.reversal(again)?.status).toBe('queued');
    expect(w.refunded(EXTERNAL.transactionId)).toBe('100.00');
  });

  it('a second finish does nothing: the first outcome stands, whatever the second says', async () => {
    const settling = (await w.settle.begin(id))!;
    await w.settle.finish(settling, { outcome: 'settled' });
    const after = w.trace();

    await w.settle.finish(settling, REJECTED);
    await w.settle.finish(settling, { outcome: 'settled' });

    expect(w.trace()).toEqual(after);
    expect(w.reversal(id)?.status).toBe('completed');
    expect(w.ledgerOps(id)).toEqual([`${ANA.account} hold 40.000000`, `${ANA.account} capture 40.000000`]);
  });

  it('a finished reversal is never sent again: a repeated job does nothing', async () => {
    w.spi.onSend(REJECTED);
    await w.settle.execute(id, false);
    const after = w.trace();

    await w.settle.execute(id, true);

    expect(w.spi.sent).toHaveLength(1);
    expect(w.trace()).toEqual(after);
  });

  it('an unknown reversal has nothing to settle', async () => {
    await w.settle.execute('00000000-0000-4000-8000-000000000000', true);

    expect(w.spi.calls).toEqual([]);
  });

  it('a failure inside finish rolls back every fake it touched: ledger, statement row, refunded amount, reversal, outbox', async () => {
    const settling = (await w.settle.begin(id))!;
    const before = w.trace();
    w.reversals.failNextUpdate(new Error('connection lost'));

    // The release is written, and the statement row's failure with the reversal's update, which fails.
    await expect(w.settle.finish(settling, REJECTED)).rejects.toThrow('connection lost');

    expect(w.trace()).toEqual(before);
    expect(w.uow.rolledBack).toBe(1);
    expect(w.ledgerStore.calls.filter((c) => c.includes('reversal failed'))).toHaveLength(1);
    expect(w.reversal(id)?.status).toBe('processing');
    expect(w.balance(ANA.account)).toEqual({ available: '60.00', blocked: '40.00' });
    expect(w.refunded(EXTERNAL.transactionId)).toBe('40.00');

    // The next try finds it still processing and records the outcome once.
    await w.settle.finish(settling, REJECTED);
    expect(w.reversal(id)?.status).toBe('failed');
    expect(w.ledgerOps(id)).toEqual([`${ANA.account} hold 40.000000`, `${ANA.account} release 40.000000`]);
    expect(w.refunded(EXTERNAL.transactionId)).toBe('0.00');
  });

  it('no answer on the last attempt and the SPI knows no outcome: it stays processing, its amount held, for the sweep', async () => {
    w.spi.onSend(new TransientSpiError('timeout')).onStatus({ outcome: 'unknown' });

    await expect(w.settle.execute(id, true)).rejects.toBeInstanceOf(TransientSpiError);

    expect(w.spi.calls).toEqual([`send ${refundE2e}`, `status ${refundE2e}`]);
    expect(w.reversal(id)?.status).toBe('processing');
    expect(w.transaction(id)?.status).toBe('processing');
    expect(w.balance(ANA.account)).toEqual({ available: '60.00', blocked: '40.00' });
  });

  it('a timeout before the last attempt is thrown for the job to retry, without a status query; the retry settles it', async () => {
    w.spi.onSend(new TransientSpiError('timeout'));
    await expect(w.settle.execute(id, false)).rejects.toBeInstanceOf(TransientSpiError);
    expect(w.spi.statusAsked).toEqual([]);
    expect(w.reversal(id)?.status).toBe('processing');

    w.spi.onSend({ outcome: 'settled' });
    await w.settle.execute(id, false);
    expect(w.reversal(id)?.status).toBe('completed');
  });
});

describe('ReconcileReversalsUseCase (the sweep)', () => {
  let w: ReversalsWorld;

  beforeEach(async () => {
    w = reversalsWorld();
    await w.receiveExternal('100.00');
  });

  const create = async (externalId: string) => (await w.create.execute(command({ externalId, amount: '10.00' }))).snapshot;

  it('takes only reversals unchanged for longer than RECONCILE_AFTER_MS', async () => {
    await create('rev-1');
    w.clock.set(new Date(NOON.getTime() + w.config.reconcileAfterMs));

    expect(await w.reconcile.execute()).toBe(0);
    expect(w.spi.calls).toEqual([]);
  });

  it('asks the SPI first and records a known outcome without sending again', async () => {
    const r = await create('rev-1');
    w.clock.set(new Date(NOON.getTime() + w.config.reconcileAfterMs + 1));
    w.spi.onStatus({ outcome: 'settled' });

    expect(await w.reconcile.execute()).toBe(1);

    expect(w.spi.calls).toEqual([`status ${r.refundEndToEndId}`]);
    expect(w.reversal(r.id)?.status).toBe('completed');
    expect(w.balance(ANA.account)).toEqual({ available: '90.00', blocked: '0.00' });
  });

  it('sends again when the SPI has no outcome, and goes on past a reversal it could not finish', async () => {
    const first = await create('rev-1');
    w.clock.advance(1_000);
    const second = await create('rev-2');
    w.clock.set(new Date(NOON.getTime() + w.config.reconcileAfterMs + 5_000));
    // The oldest first: its status query fails; the second is unknown at the SPI, sent again, and rejected.
    w.spi.onStatus(new TransientSpiError('down'), { outcome: 'unknown' }).onSend(REJECTED);

    expect(await w.reconcile.execute()).toBe(2);

    expect(w.spi.calls).toEqual([
      `status ${first.refundEndToEndId}`,
      `status ${second.refundEndToEndId}`,
      `send ${second.refundEndToEndId}`,
    ]);
    expect(w.reversal(first.id)?.status).toBe('processing');
    expect(w.reversal(second.id)).toMatchObject({ status: 'failed', errorCode: 'AC03' });
    expect(w.refunded(EXTERNAL.transactionId)).toBe('10.00');
  });
});
