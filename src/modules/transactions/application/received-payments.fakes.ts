import type { Party } from '../domain/transaction.aggregate.js';
import { recordReceivedFromElsewhere, recordReceivedOnUs, type StatementHolder } from './transactions.fakes.js';
import type { TransactionsService } from './transactions.service.js';

/*
 * The scenario of the modules that give a received payment back (reversals, MED), for their unit tests:
 * Ana, a client here, received a payment from Joana at BB (another institution) and one from Bruno, a client
 * here too, an hour before NOON. Each module's world wires its own ports over it and re-exports what its
 * specs use.
 */

/** 12:00 in São Paulo (UTC-3) on 2026-03-10. */
export const NOON = new Date('2026-03-10T15:00:00.000Z');
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

/** When the payments below arrived: an hour before NOON. */
export const RECEIVED_AT = new Date(NOON.getTime() - HOUR);

/** An institution of the participant list other than this one. */
export const BB = { ispb: '00000000', name: 'BCO DO BRASIL S.A.', shortName: 'BCO DO BRASIL S.A.' };

/** The receiver, who gives money back or whose payments are claimed back. */
export const ANA = { client: 'client-ana', account: 'acc-ana', document: '39053344705', name: 'Ana Lima' };
/** A client of this institution who paid Ana on-us. */
export const BRUNO = { client: 'client-bruno', account: 'acc-bruno', document: '12345678909', name: 'Bruno Souza' };

/** Joana at BB paid Ana: the payer of an external payment, as Ana's statement recorded her. */
export const JOANA_RECORD: Party = {
  name: 'Joana Externa',
  document: '52998224725',
  bank: { ispb: BB.ispb, participant_name: BB.name, agency: '1234', account: '5678901', account_type: 'checking' },
};
const OWN_BANK = { ispb: '99999004', participant_name: 'Instant Payments Sandbox', agency: '0001', account_type: 'payment' };

/** A payment Ana received from Joana at BB: her `cash_in`. */
export const EXTERNAL = { transactionId: 'tx-from-joana', endToEndId: 'E00000000202603101400EXTERNAL001' };
/** A payment Ana received from Bruno on-us: his `p2p_out`, her `p2p_in`. */
export const ON_US = { payerTransactionId: 'tx-bruno-out', transactionId: 'tx-ana-in', endToEndId: 'E99999004202603101400ONUS0000001' };

/**
 * The parties of a return of Joana's payment as the SPI gets them: from Ana's account here to Joana's at BB
 * (`receiver` is also the payee a reversal of it records).
 */
export const RETURN_TO_JOANA = {
  payer: {
    name: ANA.name,
    document: ANA.document,
    ispb: '99999004',
    participantName: 'Instant Payments Sandbox',
    branch: '0001',
    account: '100001',
    accountType: 'payment',
    internal: { clientId: ANA.client, accountId: ANA.account },
  },
  receiver: {
    name: 'Joana Externa',
    document: '52998224725',
    ispb: BB.ispb,
    participantName: BB.name,
    branch: '1234',
    account: '5678901',
    accountType: 'checking',
  },
};

const ana: StatementHolder = {
  clientId: ANA.client,
  accountId: ANA.account,
  party: { name: ANA.name, document: ANA.document, bank: { ...OWN_BANK, account: '100001' } },
};
const bruno: StatementHolder = {
  clientId: BRUNO.client,
  accountId: BRUNO.account,
  party: { name: BRUNO.name, document: BRUNO.document, bank: { ...OWN_BANK, account: '100002' } },
};

/**
 * A world's `receiveExternal` and `receiveOnUs`, to spread into it: they record the payments Ana received
 * (the statement only: the balances are the world's to seed).
 */
export function receivedPayments(transactions: TransactionsService) {
  return {
    /** Joana (at BB) paid Ana `amount`: Ana's completed cash_in. */
    receiveExternal: (amount = '100.00') =>
      recordReceivedFromElsewhere(transactions, EXTERNAL, { amount, at: RECEIVED_AT, payer: JOANA_RECORD, receiver: ana }),

    /** Bruno paid Ana `amount` on-us: his completed p2p_out, her completed p2p_in. */
    receiveOnUs: (amount = '100.00') => recordReceivedOnUs(transactions, ON_US, { amount, at: RECEIVED_AT, payer: bruno, receiver: ana }),
  };
}
