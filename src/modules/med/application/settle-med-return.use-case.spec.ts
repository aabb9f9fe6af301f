import { Logger } from '@nestjs/common';
import { TransientSpiError } from '../../spi/application/spi-gateway.js';
import { ANA, EXTERNAL, NOON, ON_US, RETURN_TO_JOANA } from '../../transactions/application/received-payments.fakes.js';
import { medWorld, type MedWorld } from './med-world.fakes.js';

Logger.overrideLogger(false);

describe('SettleMedReturnUseCase, over the scripted SPI and the real settlement protocol', () => {
  let w: MedWorld;
  let medId: string;
  let returnTx: string;
  let returnE2e: string;

  /** Ana approves a 40.00 claim of Joana's payment: a return to BB, processing, its funds blocked. */
  beforeEach(async () => {
    w = medWorld();
    await w.receiveExternal('100.00');
    medId = (await w.open.execute({ clientId: ANA.client, endToEndId: EXTERNAL.endToEndId, amount: '40.00' })).snapshot.id;
    await w.respond.execute({ clientId: ANA.client, medId, action: 'approve' });
    const med = w.med(medId)!;
    returnTx = med.return_transaction_id!;
    returnE2e = med.return_end_to_end_id!;
  });

  it("sends a return of the original payment (reason FR01) from Ana's account to Joana's at BB", async () => {
    w.spi.onSend({ outcome: 'settled' });

    await w.settle.execute(medId, false);

    expect(w.spi.sent.map((o) => ({ ...o, amount: o.amount.toFixed2() }))).toEqual([
      {
        endToEndId: returnE2e,
        amount: '40.00',
        ...RETURN_TO_JOANA,
        returnOf: { originalEndToEndId: EXTERNAL.endToEndId, reasonCode: 'FR01' },
      },
    ]);
  });

  it('settled: the blocked funds are captured, the med_return completes and the return is recorded completed', async () => {
    w.spi.onSend({ outcome: 'settled' });
    w.clock.advance(5_000);

    await w.settle.execute(medId, false);

    expect(w.med(medId)).toMatchObject({ status: 'APPROVED', return_status: 'completed', updated_at: w.clock.now().toISOString() });
    expect(w.balance(ANA.account)).toEqual({ available: '60.00', blocked: '0.00' });
    expect(w.ledgerOps(returnTx)).toEqual([`${ANA.account} capture 40.000000`]);
    expect(w.transaction(returnTx)).toMatchObject({ status: 'completed', processedAt: w.clock.now() });
    expect(w.transaction(EXTERNAL.transactionId)?.refundedAmount).toBe('40.00');
    expect((await w.ledgerStore.verify()).balanced).toBe(true);
  });

  it("rejected: the funds go back to Ana, the med_return fails with the SPI's code, and that part is refundable again", async () => {
    w.spi.onSend({ outcome: 'rejected', code: 'AC03', message: 'invalid creditor account' });

    await w.settle.execute(medId, false);

    expect(w.med(medId)).toMatchObject({ status: 'APPROVED', return_status: 'failed' });
    expect(w.balance(ANA.account)).toEqual({ available: '100.00', blocked: '0.00' });
    expect(w.ledgerOps(returnTx)).toEqual([`${ANA.account} unblock 40.000000`]);
    expect(w.transaction(returnTx)).toMatchObject({ status: 'failed', errorCode: 'AC03', errorMessage: 'invalid creditor account' });
    expect(w.transaction(EXTERNAL.transactionId)?.refundedAmount).toBe('0.00');
  });

  it('no answer on the last attempt and the SPI knows no outcome: the return stays processing, its funds blocked, for the sweep', async () => {
    w.spi.onSend(new TransientSpiError('timeout')).onStatus({ outcome: 'unknown' });
    const before = w.trace();

    await expect(w.settle.execute(medId, true)).rejects.toBeInstanceOf(TransientSpiError);

    expect(w.spi.calls).toEqual([`send ${returnE2e}`, `status ${returnE2e}`]);
    expect(w.trace()).toEqual(before);
    expect(w.med(medId)?.return_status).toBe('processing');
    expect(w.balance(ANA.account)).toEqual({ available: '60.00', blocked: '40.00' });
    expect(w.transaction(returnTx)?.status).toBe('processing');
  });

  it('an SPI that never answers is cut off after SPI_TIMEOUT_MS and, on the last attempt, the status query decides', async () => {
    w.spi.onSend('no-answer').onStatus({ outcome: 'settled' });

    await w.settle.execute(medId, true);

    expect(w.spi.calls).toEqual([`send ${returnE2e}`, `status ${returnE2e}`]);
    expect(w.med(medId)?.return_status).toBe('completed');
  });

  it('a timeout before the last attempt is thrown for the job to retry, without a status query; the retry settles it', async () => {
    w.spi.onSend(new TransientSpiError('timeout'));
    await expect(w.settle.execute(medId, false)).rejects.toBeInstanceOf(TransientSpiError);
    expect(w.spi.statusAsked).toEqual([]);
    expect(w.med(medId)?.return_status).toBe('processing');

    w.spi.onSend({ outcome: 'settled' });
    await w.settle.execute(medId, false);
    expect(w.med(medId)?.return_status).toBe('completed');
  });

  it('a finished return is never sent again: a repeated job does nothing', async () => {
    w.spi.onSend({ outcome: 'settled' });
    await w.settle.execute(medId, false);
    const after = w.trace();

    await w.settle.execute(medId, true);

    expect(w.spi.sent).toHaveLength(1);
    expect(w.trace()).toEqual(after);
  });

  it('an on-us approval has nothing to settle: the SPI is never called', async () => {
    await w.receiveOnUs();
    const onUs = (await w.open.execute({ clientId: ANA.client, endToEndId: ON_US.endToEndId, amount: '10.00' })).snapshot.id;
    await w.respond.execute({ clientId: ANA.client, medId: onUs, action: 'approve' });

    await w.settle.execute(onUs, true);

    expect(w.med(onUs)?.return_status).toBe('completed');
    expect(w.spi.calls).toEqual([]);
  });

  describe('reconcileDue (the sweep)', () => {
    it('takes only returns processing for RECONCILE_AFTER_MS since the approval', async () => {
      w.clock.set(new Date(NOON.getTime() + w.config.reconcileAfterMs - 1));
      expect(await w.settle.reconcileDue()).toBe(0);
      expect(w.spi.calls).toEqual([]);
    });

    it('asks the SPI first and records a known outcome without sending again', async () => {
      w.clock.set(new Date(NOON.getTime() + w.config.reconcileAfterMs));
      w.spi.onStatus({ outcome: 'settled' });

      expect(await w.settle.reconcileDue()).toBe(1);

      expect(w.spi.calls).toEqual([`status ${returnE2e}`]);
      expect(w.med(medId)?.return_status).toBe('completed');
    });

    it('sends the return again only when the SPI knows no outcome for it', async () => {
      w.clock.set(new Date(NOON.getTime() + w.config.reconcileAfterMs));
      w.spi.onStatus({ outcome: 'unknown' }).onSend({ outcome: 'rejected', code: 'AM04', message: 'insufficient funds' });

      expect(await w.settle.reconcileDue()).toBe(1);

      expect(w.spi.calls).toEqual([`status ${returnE2e}`, `send ${returnE2e}`]);
      expect(w.med(medId)?.return_status).toBe('failed');
    });

    it('a return the sweep cannot finish stays processing and the sweep goes on (the failure is logged, not thrown)', async () => {
      w.clock.set(new Date(NOON.getTime() + w.config.reconcileAfterMs));
      w.spi.onStatus({ outcome: 'unknown' }).onSend(new TransientSpiError('timeout')).onStatus({ outcome: 'unknown' });

      expect(await w.settle.reconcileDue()).toBe(1);

      expect(w.med(medId)?.return_status).toBe('processing');
      expect(w.balance(ANA.account)).toEqual({ available: '60.00', blocked: '40.00' });
    });
  });
});
