import type { Counterparty } from '../../../shared/domain/counterparty.js';
import type { DomainEvent } from '../../../shared/domain/domain-event.js';
import { p2pReceived, p2pSent } from './p2p.events.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import type { Money } from '../../../shared/money/money.js';

export interface P2pTransferProps {
  /** The transfer, also the payer's `p2p_out` transaction. */
  id: string;
  /** The payee's `p2p_in` transaction. */
  receiverTransactionId: string;
  endToEndId: string;
  payerClientId: string;
  payerAccountId: string;
  payeeClientId: string;
  payeeAccountId: string;
  payer: Counterparty;
  payee: Counterparty;
  amount: Money;
  description: string | null;
  externalId: string | null;
  createdAt: Date;
}

/**
 * A transfer between two clients of this service: completed the moment it exists (one database
 * transaction moves the money), so it has no state machine; it records `p2p.sent` for the payer and
 * `p2p.received` for the payee, linked by one end-to-end id.
 */
export class P2pTransfer {
  private events: DomainEvent[] = [];

  private constructor(private readonly props: P2pTransferProps) {}

  /** Paying oneself (the same client, whichever account) is refused: SAME_ACCOUNT. */
  static make(p: P2pTransferProps): P2pTransfer {
    if (p.payerClientId === p.payeeClientId) {
      throw new DomainError('SAME_ACCOUNT', 'A P2P transfer goes to another client; you cannot pay yourself', [
        { field: 'to_account_id', issue: 'is an account of yours' },
      ]);
    }
    const t = new P2pTransfer(p);
    t.events.push(p2pSent(p), p2pReceived(p));
    return t;
  }

  get snapshot(): Readonly<P2pTransferProps> {
    return this.props;
  }

  pullEvents(): DomainEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }
}
