import { loadConfig } from '../../../config/app.config.js';
import type { Counterparty } from '../../../shared/domain/counterparty.js';
import { Money } from '../../../shared/money/money.js';
import { TransientSpiError, type SpiOrder, type SpiResult } from './spi-gateway.js';
import { SpiSettlement, type SettlementSubject, type Settling, type UnsettledTry } from './spi-settlement.js';
import { ScriptedSpi } from './spi.fakes.js';

const party: Counterparty = {
  name: 'Ana Souza',
  document: '52998224725',
  ispb: '00000000',
  participantName: 'Banco do Brasil S.A.',
  branch: '0001',
  account: '123456',
  accountType: 'checking',
};

function order(endToEndId = 'E0000000020261126000000000000001'): SpiOrder {
  return { endToEndId, amount: Money.of('10.00'), payer: party, receiver: { ...party, name: 'Bia Lima' }, initiation: 'DICT' };
}

/** A kind of payment whose steps are recorded: what `begin` answers is scripted, what `finish` got is kept. */
class RecordingSubject implements SettlementSubject<string> {
  readonly begun: string[] = [];
  readonly finished: { payment: string; result: SpiResult }[] = [];
  readonly unsettledTries: UnsettledTry[] = [];

  constructor(private readonly answer: (id: string) => Settling<string> | null) {}

  async begin(id: string): Promise<Settling<string> | null> {
    this.begun.push(id);
    return this.answer(id);
  }

  async finish(settling: Settling<string>, result: SpiResult): Promise<void> {
    this.finished.push({ payment: settling.payment, result });
  }

  unsettled(reason: UnsettledTry): void {
    this.unsettledTries.push(reason);
  }
}

describe('SpiSettlement, the one settlement protocol of outgoing payments', () => {
  const config = { ...loadConfig({}), spiTimeoutMs: 20 };
  const rejected: SpiResult = { outcome: 'rejected', code: 'AC03', message: 'Invalid creditor account' };
  let spi: ScriptedSpi;
  let settlement: SpiSettlement;

  beforeEach(() => {
    spi = new ScriptedSpi();
    settlement = new SpiSettlement(spi, config);
  });

  describe('a job (settle)', () => {
    it('sends the order begin answered and records the SPI outcome with the same payment', async () => {
      const subject = new RecordingSubject((id) => ({ payment: id, order: order() }));
      spi.onSend(rejected);
      await settlement.settle(subject, 'p1', false);
      expect(spi.sent).toEqual([order()]);
      expect(subject.finished).toEqual([{ payment: 'p1', result: rejected }]);
    });

    it('does nothing past begin when there is nothing to settle', async () => {
      const subject = new RecordingSubject(() => null);
      await settlement.settle(subject, 'p1', true);
      expect(subject.begun).toEqual(['p1']);
      expect(spi.calls).toEqual([]);
      expect(subject.finished).toEqual([]);
    });

    it('settles an on-us payment (no order) without calling the SPI', async () => {
      const subject = new RecordingSubject((id) => ({ payment: id, order: null }));
      await settlement.settle(subject, 'p1', false);
      expect(spi.calls).toEqual([]);
      expect(subject.finished).toEqual([{ payment: 'p1', result: { outcome: 'settled' } }]);
    });

    it('a timeout before the last attempt is thrown for the job to retry, counted requeued, nothing recorded', async () => {
      const subject = new RecordingSubject((id) => ({ payment: id, order: order() }));
      spi.onSend(new TransientSpiError('no answer'));
      await expect(settlement.settle(subject, 'p1', false)).rejects.toBeInstanceOf(TransientSpiError);
      expect(spi.statusAsked).toEqual([]);
      expect(subject.unsettledTries).toEqual(['requeued']);
      expect(subject.finished).toEqual([]);
    });

    it('an SPI that never answers is a timeout after SPI_TIMEOUT_MS, not a failure', async () => {
      const subject = new RecordingSubject((id) => ({ payment: id, order: order() }));
      spi.onSend('no-answer');
      await expect(settlement.settle(subject, 'p1', false)).rejects.toBeInstanceOf(TransientSpiError);
      expect(subject.finished).toEqual([]);
    });

    it('a timeout on the last attempt asks the SPI, and records a definite answer', async () => {
      const subject = new RecordingSubject((id) => ({ payment: id, order: order() }));
      spi.onSend(new TransientSpiError('no answer')).onStatus({ outcome: 'settled' });
      await settlement.settle(subject, 'p1', true);
      expect(spi.calls).toEqual([`send ${order().endToEndId}`, `status ${order().endToEndId}`]);
      expect(subject.finished).toEqual([{ payment: 'p1', result: { outcome: 'settled' } }]);
      expect(subject.unsettledTries).toEqual([]);
    });

    it('a timeout on the last attempt with no outcome at the SPI leaves the payment for the sweep, counted unresolved', async () => {
      const subject = new RecordingSubject((id) => ({ payment: id, order: order() }));
      spi.onSend(new TransientSpiError('no answer')).onStatus({ outcome: 'unknown' });
      await expect(settlement.settle(subject, 'p1', true)).rejects.toBeInstanceOf(TransientSpiError);
      expect(subject.unsettledTries).toEqual(['unresolved']);
      expect(subject.finished).toEqual([]);
    });

    it('an error that is not a timeout is thrown as is and counted as nothing', async () => {
      const subject = new RecordingSubject((id) => ({ payment: id, order: order() }));
      const broken = new Error('adapter bug');
      spi.onSend(broken);
      await expect(settlement.settle(subject, 'p1', true)).rejects.toBe(broken);
      expect(subject.unsettledTries).toEqual([]);
      expect(subject.finished).toEqual([]);
    });
  });

  describe('the sweep (reconcile)', () => {
    it('records what the SPI already knows, without sending again, and begins once', async () => {
      const subject = new RecordingSubject((id) => ({ payment: id, order: order() }));
      spi.onStatus(rejected);
      await settlement.reconcile(subject, 'p1');
      expect(spi.calls).toEqual([`status ${order().endToEndId}`]);
      expect(subject.begun).toEqual(['p1']);
      expect(subject.finished).toEqual([{ payment: 'p1', result: rejected }]);
    });

    it('sends again only when the SPI has no outcome for the order', async () => {
      const subject = new RecordingSubject((id) => ({ payment: id, order: order() }));
      spi.onStatus({ outcome: 'unknown' }).onSend({ outcome: 'settled' });
      await settlement.reconcile(subject, 'p1');
      expect(spi.calls).toEqual([`status ${order().endToEndId}`, `send ${order().endToEndId}`]);
      expect(subject.begun).toEqual(['p1']);
      expect(subject.finished).toEqual([{ payment: 'p1', result: { outcome: 'settled' } }]);
    });

    it('settles an on-us payment without asking the SPI', async () => {
      const subject = new RecordingSubject((id) => ({ payment: id, order: null }));
      await settlement.reconcile(subject, 'p1');
      expect(spi.calls).toEqual([]);
      expect(subject.finished).toEqual([{ payment: 'p1', result: { outcome: 'settled' } }]);
    });
  });
});
