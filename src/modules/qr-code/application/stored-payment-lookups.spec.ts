import type { Counterparty } from '../../../shared/domain/counterparty.js';
import { Money } from '../../../shared/money/money.js';
import { FixedClock, InMemoryQrLookups } from './qr-lookups.fakes.js';
import type { QrLookupRecord } from './qr-lookup.repository.js';
import { LOOKUP_TTL_MS, StoredPaymentLookups } from './stored-payment-lookups.js';
import { domainRefusal } from '../../../shared/testing/refusal.js';

const DECODED_AT = new Date('2026-03-10T15:00:00.000Z');
const E2E = 'E99999004202603101500ABCDEFGHIJK';
const receiver: Counterparty = {
  name: 'Joana Externa',
  document: '52998224725',
  ispb: '00000000',
  participantName: 'BCO DO BRASIL S.A.',
  branch: '0001',
  account: '123456',
  accountType: 'checking',
  internal: null,
};

const record = (over: Partial<QrLookupRecord> = {}): QrLookupRecord => ({
  endToEndId: E2E,
  clientId: 'client-1',
  qrType: 'static',
  pixKey: 'joana@example.com',
  pixKeyType: 'EMAIL',
  receiver,
  fixedAmount: Money.of('12.30'),
  chargeId: null,
  result: { qr_code_type: 'static' },
  createdAt: DECODED_AT,
  usedAt: null,
  cashOutId: null,
  ...over,
});

const NOT_FOUND = {
  code: 'LOOKUP_NOT_FOUND',
  message: 'No QR decode of yours has this end-to-end id',
  details: [{ field: 'X-Pix-Lookup-E2E', issue: 'unknown' }],
};
const ALREADY_USED = { code: 'LOOKUP_ALREADY_USED', message: 'This QR decode was already used by a cash-out', details: [] };
const EXPIRED = {
  code: 'LOOKUP_EXPIRED',
  message: 'This QR decode is older than 30 minutes; decode the QR again',
  details: [{ field: 'X-Pix-Lookup-E2E', issue: 'expired' }],
};

describe('StoredPaymentLookups.consumeForPayment', () => {
  let repo: InMemoryQrLookups;
  let clock: FixedClock;
  let lookups: StoredPaymentLookups;

  beforeEach(() => {
    repo = new InMemoryQrLookups();
    clock = new FixedClock(new Date(DECODED_AT.getTime() + 60_000));
    lookups = new StoredPaymentLookups(repo, clock);
  });

  const consume = (amount = '12.30', clientId = 'client-1', endToEndId = E2E, cashOutId = 'cash-out-1') =>
    lookups.consumeForPayment(clientId, endToEndId, Money.of(amount), cashOutId);
  const unused = () => expect(repo.rows.get(E2E)).toMatchObject({ usedAt: null, cashOutId: null });

  it("returns what a cash-out needs and marks the lookup used by that cash-out, at the clock's time", async () => {
    await repo.insert(record());
    const lookup = await consume();
    expect(lookup).toEqual({
      endToEndId: E2E,
      qrType: 'static',
      pixKey: 'joana@example.com',
      pixKeyType: 'EMAIL',
      receiver,
      fixedAmount: Money.of('12.30'),
      chargeId: null,
      txid: null,
      // neither the owner, the decode result nor its timestamps leak out
    });
    expect(lookup.fixedAmount!.toFixed2()).toBe('12.30');
    expect(repo.locked).toEqual([E2E]);
    expect(repo.rows.get(E2E)).toMatchObject({ usedAt: new Date(DECODED_AT.getTime() + 60_000), cashOutId: 'cash-out-1' });
  });

  it("passes a dynamic QR's charge through", async () => {
    await repo.insert(record({ qrType: 'dynamic', pixKey: null, pixKeyType: null, chargeId: 'charge-1' }));
    await expect(consume()).resolves.toMatchObject({ qrType: 'dynamic', pixKey: null, pixKeyType: null, chargeId: 'charge-1' });
  });

  it("passes the txid of a dynamic QR's charge through, another institution's too (no charge of ours)", async () => {
    const txid = 'fc9a4366ff3d4964b5dbc6c91a8722d3';
    await repo.insert(record({ qrType: 'dynamic', chargeId: null, result: { txid: '***', charge_txid: txid } }));
    await expect(consume()).resolves.toMatchObject({ qrType: 'dynamic', chargeId: null, txid });
  });

  it("passes a static QR's txid (62-05) through, and none for `***`", async () => {
    await repo.insert(record({ result: { txid: 'INV2026000042' } }));
    await expect(consume()).resolves.toMatchObject({ qrType: 'static', txid: 'INV2026000042' });
    await repo.insert(record({ endToEndId: 'E2', result: { txid: '***' } }));
    await expect(consume('12.30', 'client-1', 'E2', 'cash-out-2')).resolves.toMatchObject({ qrType: 'static', txid: null });
  });

  it("does not take a dynamic QR's 62-05 for its txid: only its charge's", async () => {
    await repo.insert(record({ qrType: 'dynamic', result: { txid: 'SOMEREF123' } }));
    await expect(consume()).resolves.toMatchObject({ qrType: 'dynamic', txid: null });
  });

  it('refuses a second consumption with LOOKUP_ALREADY_USED and keeps the first cash-out', async () => {
    await repo.insert(record());
    await consume('12.30', 'client-1', E2E, 'cash-out-1');
    expect(await domainRefusal(consume('12.30', 'client-1', E2E, 'cash-out-2'))).toEqual(ALREADY_USED);
    expect(repo.rows.get(E2E)!.cashOutId).toBe('cash-out-1');
  });

  it('refuses an unknown end-to-end id with LOOKUP_NOT_FOUND naming the header', async () => {
    await repo.insert(record());
    expect(await domainRefusal(consume('12.30', 'client-1', 'E00000000202601010000ABCDEFGHIJK'))).toEqual(NOT_FOUND);
    unused();
  });

  it("refuses another client's lookup exactly as an unknown one, even one already used or expired", async () => {
    await repo.insert(record());
    expect(await domainRefusal(consume('12.30', 'client-2'))).toEqual(NOT_FOUND);
    unused();
    repo.rows.set(E2E, record({ usedAt: DECODED_AT, cashOutId: 'cash-out-0', createdAt: new Date(0) }));
    expect(await domainRefusal(consume('12.30', 'client-2'))).toEqual(NOT_FOUND);
  });

  it('accepts a lookup exactly 30 minutes old and refuses it one millisecond later with LOOKUP_EXPIRED', async () => {
    expect(LOOKUP_TTL_MS).toBe(30 * 60 * 1000);
    await repo.insert(record());
    clock.set(new Date(DECODED_AT.getTime() + LOOKUP_TTL_MS + 1));
    expect(await domainRefusal(consume())).toEqual(EXPIRED);
    unused();
    clock.set(new Date(DECODED_AT.getTime() + LOOKUP_TTL_MS));
    await expect(consume()).resolves.toMatchObject({ endToEndId: E2E });
  });

  it('reports a used lookup as used, not expired, once it is old', async () => {
    await repo.insert(record({ usedAt: DECODED_AT, cashOutId: 'cash-out-0' }));
    clock.set(new Date(DECODED_AT.getTime() + 2 * LOOKUP_TTL_MS));
    expect(await domainRefusal(consume())).toEqual(ALREADY_USED);
  });

  it('refuses an amount other than the fixed one with AMOUNT_MISMATCH, one cent either way, and stays usable', async () => {
    await repo.insert(record({ fixedAmount: Money.of('5.00') }));
    const mismatch = {
      code: 'AMOUNT_MISMATCH',
      message: 'This QR code fixes the amount at 5.00',
      details: [{ field: 'amount', issue: 'must be 5.00' }],
    };
    expect(await domainRefusal(consume('5.01'))).toEqual(mismatch);
    expect(await domainRefusal(consume('4.99'))).toEqual(mismatch);
    unused();
    await expect(consume('5')).resolves.toMatchObject({ fixedAmount: Money.of('5.00') });
  });

  it('checks expiry before the amount', async () => {
    await repo.insert(record({ fixedAmount: Money.of('5.00') }));
    clock.set(new Date(DECODED_AT.getTime() + LOOKUP_TTL_MS + 1));
    expect(await domainRefusal(consume('1.00'))).toEqual(EXPIRED);
  });

  it('lets the payer choose the amount when the QR fixes none', async () => {
    await repo.insert(record({ fixedAmount: null }));
    await expect(consume('3.21')).resolves.toMatchObject({ fixedAmount: null });
    expect(repo.rows.get(E2E)!.cashOutId).toBe('cash-out-1');
  });
});
