import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { parseSync } from 'ofx-js';
import type { Test } from 'supertest';
import { DataSource } from 'typeorm';
import { csvObjects } from '../../src/shared/testing/rfc4180-csv.js';
import { clockOf, http, newClient, startApp, tokenFor, type TestClient } from '../support/test-app.js';

/** The body of a text answer whatever its content type (supertest buffers only the types it knows). */
const asText = (req: Test) =>
  req.buffer(true).parse((res, done) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.on('end', () => done(null, text));
  });

/**
 * Statements and the daily balance history against the ledger (docs/adr/0221-statements-from-the-ledger.md).
 * The clock starts at 12:00 in São Paulo on 8 March 2026 and is moved a day at a time, so each day of the
 * period has its own movements, whatever the hour the suite runs.
 */
describe('statements and balance history (e2e)', () => {
  let app: NestExpressApplication;
  let c: TestClient;
  let other: TestClient;
  let depositE2e: string;

  const statement = (query: Record<string, string>, who: TestClient = c) =>
    asText(http(app).get('/api/v1/statements').query(query).set(who.auth));
  const csv = async (from: string, to: string) => {
    const res = await statement({ date_from: from, date_to: to });
    expect(res.status).toBe(200);
    return csvObjects(res.body as string);
  };
  const history = (query: Record<string, string>) => http(app).get('/api/v1/pix/balance/history').query(query).set(c.auth);

  beforeAll(async () => {
    app = await startApp({}, new Date('2026-03-08T15:00:00.000Z'));
    c = await newClient(app, { balance: '100.00', name: 'Loja, "A Boa"' }); // 8 March
    other = await newClient(app, { balance: '5.00' });
    clockOf(app).set(new Date('2026-03-09T15:00:00.000Z')); // 9 March: a payment in, then a MED block on it
    const deposit = await http(app)
      .post('/api/v1/sandbox/deposits')
      .set(c.auth)
      .send({ amount: '40.00', payer: { name: 'Ana, "a pagadora"', document: '52998224725' } });
    expect(deposit.status).toBe(200);
    depositE2e = deposit.body.data.end_to_end_id as string;
    const med = await http(app).post('/api/v1/sandbox/med').set(c.auth).send({ end_to_end_id: depositE2e, amount: '15.00' });
    expect(med.status).toBe(200);
    clockOf(app).set(new Date('2026-03-10T15:00:00.000Z')); // 10 March (today): a payment out
    const p2p = await http(app)
      .post('/api/v1/pix/p2p/transfers')
      .set(c.auth)
      .set('X-Idempotency-Key', randomUUID())
      .send({ to_account_id: other.accountId, amount: '12.34' });
    expect(p2p.status).toBe(201);
  });

  afterAll(() => app.close());

  it('opens and closes with what the ledger says, and every row is a ledger entry with its running balance', async () => {
    const rows = await csv('2026-03-08', '2026-03-10');
    const opening = rows[0]!;
    const closing = rows.at(-1)!;
    const entries = rows.slice(1, -1);
    expect([opening.operation, closing.operation]).toEqual(['opening_balance', 'closing_balance']);
    // Nothing before the account was opened; the close of a period ending today is the balance now.
    expect(opening).toMatchObject({
      balance: '0.00',
      available_balance: '0.00',
      blocked_balance: '0.00',
      posted_at: '2026-03-08T03:00:00.000Z',
    });
    const now = (await http(app).get('/api/v1/pix/balance').set(c.auth)).body.data;
    expect(closing).toMatchObject({
      balance: now.total_balance,
      available_balance: now.available_balance,
      blocked_balance: now.blocked_balance,
      posted_at: '2026-03-11T03:00:00.000Z',
    });
    expect(now).toMatchObject({ total_balance: '127.66', available_balance: '112.66', blocked_balance: '15.00' });

    // Row by row, the ledger's own entries: the same ids, operations and after-figures, in write order.
    const stored = await app.get(DataSource).query(
      `SELECT id, operation_type, available_after::numeric(20,2)::text AS available, blocked_after::numeric(20,2)::text AS blocked
       FROM ledger_entries WHERE account_id = $1 ORDER BY created_at, seq`,
      [c.accountId],
    );
    expect(entries.map((r) => [r.entry_id, r.operation, r.available_balance, r.blocked_balance])).toEqual(
      stored.map((e: Record<string, string>) => [e.id, e.operation_type, e.available, e.blocked]),
    );
    expect(entries.map((r) => r.operation)).toEqual(['credit', 'credit', 'block', 'debit']);

    // The running balance moves by each row's amount; a MED block moves money between the buckets only.
    let running = Number(opening.balance) * 100;
    for (const r of entries) {
      running += Math.round(Number(r.amount) * 100);
      expect(Math.round(Number(r.balance) * 100)).toBe(running);
    }
    expect(entries[2]).toMatchObject({ amount: '0.00', available_change: '-15.00', blocked_change: '15.00', transaction_type: 'cash_in' });
  });

  it('names the payment behind each entry: end-to-end id, type and the other side as its transaction record shows it', async () => {
    const rows = await csv('2026-03-09', '2026-03-10');
    const credit = rows.find((r) => r.end_to_end_id === depositE2e && r.operation === 'credit')!;
    const record = (await http(app).get(`/api/v1/transactions/${credit.transaction_id}`).set(c.auth)).body.data;
    expect(credit).toMatchObject({
      transaction_type: 'cash_in',
      counterparty_name: record.payer.name,
      counterparty_document: record.payer.document,
      counterparty_ispb: record.payer.ispb ?? '',
    });
    const out = rows.find((r) => r.transaction_type === 'p2p_out')!;
    expect(out).toMatchObject({ operation: 'debit', amount: '-12.34', counterparty_name: other.name });
    expect(out.end_to_end_id).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/);
    // The payee sees the payer's document masked (docs/conventions.md §10), in its statement too.
    const res = await statement({ date_from: '2026-03-10', date_to: '2026-03-10' }, other);
    const received = csvObjects(res.body as string).find((r) => r.transaction_type === 'p2p_in')!;
    expect(received).toMatchObject({ end_to_end_id: out.end_to_end_id, amount: '12.34', counterparty_name: c.name });
    expect(received.counterparty_document).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
    expect(res.body as string).not.toContain(c.document);
  });

  it('agrees with the balance history: each day closes where its own statement closes, and the next opens', async () => {
    const res = await history({ date_from: '2026-03-07', date_to: '2026-03-10' });
    expect(res.status).toBe(200);
    const days = res.body.data.days as { date: string; total_balance: string; available_balance: string; blocked_balance: string }[];
    expect(days.map((d) => [d.date, d.total_balance, d.available_balance, d.blocked_balance])).toEqual([
      ['2026-03-07', '0.00', '0.00', '0.00'],
      ['2026-03-08', '100.00', '100.00', '0.00'],
      ['2026-03-09', '140.00', '125.00', '15.00'],
      ['2026-03-10', '127.66', '112.66', '15.00'],
    ]);
    for (const day of days.slice(1)) {
      const rows = await csv(day.date, day.date);
      expect([rows.at(-1)!.balance, rows.at(-1)!.available_balance]).toEqual([day.total_balance, day.available_balance]);
    }
    expect((await csv('2026-03-09', '2026-03-09'))[0]!.balance).toBe('100.00');
    const now = (await http(app).get('/api/v1/pix/balance').set(c.auth)).body.data;
    expect(days.at(-1)!.total_balance).toBe(now.total_balance);
  });

  it('writes OFX that ofx-js reads back: the account, each money movement, and the closing balances', async () => {
    const res = await statement({ date_from: '2026-03-08', date_to: '2026-03-10', format: 'ofx' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ofx; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="statement-\d+-2026-03-08-2026-03-10\.ofx"$/);
    const stmt = parseSync(res.body as string).OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS;
    const [account] = await app.get(DataSource).query(`SELECT number FROM accounts WHERE id = $1`, [c.accountId]);
    expect(stmt.BANKACCTFROM).toMatchObject({ BRANCHID: '0001', ACCTID: account.number, ACCTTYPE: 'CHECKING' });
    const rows = (await csv('2026-03-08', '2026-03-10')).slice(1, -1);
    const moved = rows.filter((r) => r.amount !== '0.00');
    const trns = stmt.BANKTRANLIST.STMTTRN as Record<string, string>[];
    expect(trns.map((t) => [t.FITID, t.TRNAMT, t.TRNTYPE])).toEqual(
      moved.map((r) => [r.entry_id, r.amount, r.amount!.startsWith('-') ? 'DEBIT' : 'CREDIT']),
    );
    expect(trns.find((t) => t.REFNUM === depositE2e)).toMatchObject({ NAME: 'Ana, "a pagadora"', TRNAMT: '40.00' });
    expect(stmt.LEDGERBAL.BALAMT).toBe('127.66');
    expect(stmt.AVAILBAL.BALAMT).toBe('112.66');
  });

  it('answers CSV as RFC 4180 text with a header row and CRLF line ends', async () => {
    const res = await statement({ date_from: '2026-03-10', date_to: '2026-03-10', format: 'csv' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = res.body as string;
    expect(text.startsWith('posted_at,entry_id,operation,transaction_type,transaction_id,end_to_end_id,txid,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it.each([
    [{ date_from: '2026-03-10', date_to: '2026-03-09' }, 'INVALID_DATE_RANGE', 'date_from'],
    [{ date_from: '2025-03-09', date_to: '2026-03-10' }, 'DATE_RANGE_TOO_LARGE', 'date_to'],
    [{ date_from: '2026-03-10', date_to: '2026-03-11' }, 'VALIDATION_ERROR', 'date_to'],
    [{ date_from: '2026-02-30', date_to: '2026-03-10' }, 'VALIDATION_ERROR', 'date_from'],
    [{ date_from: '2026-03-01T00:00:00Z', date_to: '2026-03-10' }, 'VALIDATION_ERROR', 'date_from'],
    [{ date_to: '2026-03-10' }, 'VALIDATION_ERROR', 'date_from'],
    [{ date_from: '2026-03-01', date_to: '2026-03-10', format: 'pdf' }, 'VALIDATION_ERROR', 'format'],
  ])('refuses %j with %s and the error body, on both endpoints', async (query, code, field) => {
    const answers = [await http(app).get('/api/v1/statements').query(query).set(c.auth)];
    // The history has no format; an unknown query field is refused there anyway.
    if (field !== 'format') answers.push(await history(query));
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code } });
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it("answers another client's account as a missing one, and needs pix:balance:read", async () => {
    const query = { date_from: '2026-03-10', date_to: '2026-03-10', account_id: other.accountId };
    for (const res of [await http(app).get('/api/v1/statements').query(query).set(c.auth), await history(query)]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('ACCOUNT_NOT_FOUND');
    }
    const keysOnly = await tokenFor(app, c.keyId, c.secret, ['pix:keys:read']);
    const res = await http(app)
      .get('/api/v1/statements')
      .query({ date_from: '2026-03-10', date_to: '2026-03-10' })
      .set({ Authorization: `Bearer ${keysOnly}` });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('INSUFFICIENT_SCOPE');
  });
});
