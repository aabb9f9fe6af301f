import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { LimitRequestExpiryScheduler } from '../../src/modules/limits/infrastructure/queue/limit-request-expiry.scheduler.js';
import { clockOf, DAYTIME, http, newAdmin, newClient, NIGHTTIME, startApp, tokenFor, type TestClient } from '../support/test-app.js';

const cap = (limit: string, used = '0.00', available = limit) => ({ limit, used, available });

// Limits depend on the time of day in São Paulo: the whole file runs once at noon and once at 23:00 there.
describe.each([
  ['daytime', DAYTIME],
  ['nighttime', NIGHTTIME],
] as const)('limits and limit requests (e2e) at %s', (dayPeriod, instant) => {
  let app: NestExpressApplication;
  let admin: { adminId: string; auth: { Authorization: string } };
  let db: DataSource;

  beforeAll(async () => {
    app = await startApp({}, instant);
    admin = await newAdmin(app);
    db = app.get(DataSource);
  });

  afterAll(() => app.close());

  const limitsOf = (c: TestClient, query = '') => http(app).get(`/api/v1/pix/limits${query}`).set(c.auth);
  const openRequest = (c: TestClient, body: object) => http(app).post('/api/v1/pix/limits/requests').set(c.auth).send(body);
  const events = async (type: string, id: string): Promise<number> => {
    const [row] = await db.query('SELECT count(*)::int AS n FROM outbox_messages WHERE event_type = $1 AND aggregate_id = $2', [type, id]);
    return row.n as number;
  };
  const backdate = (id: string) =>
    db.query('UPDATE limit_requests SET expires_at = $2 WHERE id = $1', [id, new Date(clockOf(app).now().getTime() - 60_000)]);

  describe('GET /api/v1/pix/limits', () => {
    it('shows the natural-person defaults at the top level, with the São Paulo periods', async () => {
      const c = await newClient(app);
      const res = await limitsOf(c);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        account_id: c.accountId,
        currency: 'BRL',
        period: { daytime: '06:00-20:00', nighttime: '20:00-06:00', current: dayPeriod },
      });
      expect(res.body.limits.pix_out).toEqual({
        daytime: cap('5000.00'),
        nighttime: cap('1000.00'),
        daily: cap('6000.00'),
        monthly: cap('50000.00'),
      });
      expect(Object.keys(res.body.limits).sort()).toEqual(['boleto', 'pix_in', 'pix_out', 'ted']);
      expect(res.body.limits.pix_in.daily).toEqual(cap('1000000.00'));
      expect(res.body.limits.ted.monthly).toEqual(cap('200000.00'));
    });

    it('gives a legal person ten times the caps', async () => {
      const c = await newClient(app, { legal: true });
      const res = await limitsOf(c);
      expect(res.body.limits.pix_out.daily).toEqual(cap('60000.00'));
      expect(res.body.limits.boleto.daytime).toEqual(cap('100000.00'));
    });

    it("answers another client's account as not found and a malformed one as invalid", async () => {
      const [a, b] = [await newClient(app), await newClient(app)];
      const other = await limitsOf(a, `?account_id=${b.accountId}`);
      expect(other.status).toBe(404);
      expect(other.body.error.code).toBe('ACCOUNT_NOT_FOUND');
      expect((await limitsOf(a, `?account_id=${a.accountId}`)).status).toBe(200);
      const bad = await limitsOf(a, '?account_id=nope');
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    });

    it('needs pix:limits:read', async () => {
      const c = await newClient(app);
      const token = await tokenFor(app, c.keyId, c.secret, ['pix:balance:read']);
      const res = await http(app).get('/api/v1/pix/limits').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('INSUFFICIENT_SCOPE');
    });
  });

  describe('client limit requests', () => {
    it('opens a pending request with the spec record, lists and reads it, refuses a duplicate', async () => {
      const c = await newClient(app);
      const res = await openRequest(c, { type: 'pix_out', period: 'nighttime', requested_amount: '2500' });
      expect(res.status).toBe(200);
      const r = res.body.data;
      expect(r).toMatchObject({
        id: expect.any(String),
        account_id: c.accountId,
        type: 'pix_out',
        period: 'nighttime',
        current_amount: '1000.00',
        requested_amount: '2500.00',
        reason: '',
        status: 'pending',
      });
      expect(Date.parse(r.expires_at) - Date.parse(r.created_at)).toBe(48 * 3600 * 1000);
      expect(r.updated_at).toBe(r.created_at);

      const dup = await openRequest(c, { type: 'pix_out', period: 'nighttime', requested_amount: '3000.00', reason: 'again' });
      expect(dup.status).toBe(409);
      expect(dup.body.error.code).toBe('PENDING_REQUEST_EXISTS');

      const daily = await openRequest(c, { type: 'pix_out', period: 'daily', requested_amount: '8000.00', reason: 'rent' });
      expect(daily.status).toBe(200);
      expect(daily.body.data).toMatchObject({ current_amount: '6000.00', reason: 'rent' });

      const list = await http(app).get('/api/v1/pix/limits/requests').set(c.auth);
      expect(list.status).toBe(200);
      expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([r.id, daily.body.data.id]);

      const one = await http(app).get(`/api/v1/pix/limits/requests/${r.id}`).set(c.auth);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ success: true, data: r });
    });

    it('lets only one of many simultaneous requests for the same cap through', async () => {
      const c = await newClient(app);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => openRequest(c, { type: 'pix_in', period: 'monthly', requested_amount: '2000000.00' })),
      );
      expect(results.filter((x) => x.status === 200)).toHaveLength(1);
      expect(results.filter((x) => x.status === 409 && x.body.error.code === 'PENDING_REQUEST_EXISTS')).toHaveLength(5);
    });

    it("keeps other clients' requests and accounts out of reach (404)", async () => {
      const [a, b] = [await newClient(app), await newClient(app)];
      const r = (await openRequest(a, { type: 'ted', period: 'daily', requested_amount: '30000.00' })).body.data;
      const peek = await http(app).get(`/api/v1/pix/limits/requests/${r.id}`).set(b.auth);
      expect(peek.status).toBe(404);
      expect(peek.body.error.code).toBe('LIMIT_REQUEST_NOT_FOUND');
      expect((await http(app).get('/api/v1/pix/limits/requests').set(b.auth)).body.data).toEqual([]);
      const malformed = await http(app).get('/api/v1/pix/limits/requests/not-a-uuid').set(a.auth);
      expect(malformed.status).toBe(404);
      const onOthers = await openRequest(b, { type: 'ted', period: 'daily', requested_amount: '1.00', account_id: a.accountId });
      expect(onOthers.status).toBe(404);
      expect(onOthers.body.error.code).toBe('ACCOUNT_NOT_FOUND');
    });

    it.each([
      ['an unknown type', { type: 'wire', period: 'daily', requested_amount: '1.00' }, 'type'],
      ['an unknown period', { type: 'pix_out', period: 'weekly', requested_amount: '1.00' }, 'period'],
      ['a numeric amount', { type: 'pix_out', period: 'daily', requested_amount: 100 }, 'requested_amount'],
      ['an exponent amount', { type: 'pix_out', period: 'daily', requested_amount: '1e3' }, 'requested_amount'],
      ['a zero amount', { type: 'pix_out', period: 'daily', requested_amount: '0.00' }, 'requested_amount'],
      ['three decimals', { type: 'pix_out', period: 'daily', requested_amount: '1.001' }, 'requested_amount'],
      ['a missing amount', { type: 'pix_out', period: 'daily' }, 'requested_amount'],
      ['a reason over 500 characters', { type: 'pix_out', period: 'daily', requested_amount: '1.00', reason: 'x'.repeat(501) }, 'reason'],
      ['an unknown field', { type: 'pix_out', period: 'daily', requested_amount: '1.00', status: 'approved' }, 'status'],
    ])('refuses %s with 400 VALIDATION_ERROR', async (_label, body, field) => {
      const c = await newClient(app);
      const res = await openRequest(c, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    });

    it('needs pix:limits:write to ask', async () => {
      const c = await newClient(app);
      const token = await tokenFor(app, c.keyId, c.secret, ['pix:limits:read']);
      const res = await http(app)
        .post('/api/v1/pix/limits/requests')
        .set('Authorization', `Bearer ${token}`)
        .send({ type: 'pix_out', period: 'daily', requested_amount: '1.00' });
      expect(res.status).toBe(403);
    });
  });

  describe('administrator decisions', () => {
    const adminList = (status?: string) =>
      http(app)
        .get(`/api/v1/admin/limits/requests${status ? `?status=${status}` : ''}`)
        .set(admin.auth);
    const approve = (id: string) => http(app).post(`/api/v1/admin/limits/requests/${id}/approve`).set(admin.auth).send();
    const reject = (id: string, body: object) => http(app).post(`/api/v1/admin/limits/requests/${id}/reject`).set(admin.auth).send(body);

    it('refuses client tokens on admin endpoints (403)', async () => {
      const c = await newClient(app);
      const res = await http(app).get('/api/v1/admin/limits/requests').set(c.auth);
      expect(res.status).toBe(403);
      const act = await http(app).post(`/api/v1/admin/limits/requests/${c.accountId}/approve`).set(c.auth).send();
      expect(act.status).toBe(403);
    });

    // docs/adr/0214-limit-changes-timed-as-the-regulation-says.md (Resolução BCB nº 1/2020 as amended by nº 142/2021):
    // an approved raise applies from max(request + 24 h, approval), shown as effective_at.
    it('approves: the raise is scheduled 24 h after the request, the event is written, and a second decision is a 409', async () => {
      const c = await newClient(app);
      const r = (await openRequest(c, { type: 'pix_out', period: 'daytime', requested_amount: '7000.00', reason: 'equipment' })).body.data;
      expect(r).toMatchObject({ status: 'pending', effective_at: null });

      const pending = await adminList();
      expect(pending.status).toBe(200);
      expect(pending.body.data.find((x: { id: string }) => x.id === r.id)).toMatchObject({ client_id: c.clientId, status: 'pending' });

      const ok = await approve(r.id);
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ id: r.id, status: 'approved', decided_by: admin.adminId, client_id: c.clientId });
      expect(ok.body.data.effective_at).toBe(new Date(Date.parse(r.created_at) + 24 * 3600 * 1000).toISOString());
      expect(await events('limit_request.approved', r.id)).toBe(1);

      // Not yet: the old cap until effective_at, the new one from then (a fresh token: the first expires in an hour).
      expect((await limitsOf(c)).body.limits.pix_out.daytime).toEqual(cap('5000.00'));
      const clock = clockOf(app);
      clock.advance(24 * 3600 * 1000);
      try {
        const later = { auth: { Authorization: `Bearer ${await tokenFor(app, c.keyId, c.secret)}` } } as TestClient;
        const limits = await limitsOf(later);
        expect(limits.body.limits.pix_out.daytime).toEqual(cap('7000.00'));
        expect(limits.body.limits.pix_out.nighttime).toEqual(cap('1000.00'));
      } finally {
        clock.advance(-24 * 3600 * 1000);
      }

      const again = await approve(r.id);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('LIMIT_REQUEST_NOT_PENDING');
      expect((await reject(r.id, { reason: 'late' })).status).toBe(409);
      expect(await events('limit_request.approved', r.id)).toBe(1);

      expect((await adminList()).body.data.some((x: { id: string }) => x.id === r.id)).toBe(false);
      expect((await adminList('approved')).body.data.some((x: { id: string }) => x.id === r.id)).toBe(true);
      expect((await http(app).get('/api/v1/pix/limits/requests').set(c.auth)).body.data).toEqual([]);
      const seen = await http(app).get(`/api/v1/pix/limits/requests/${r.id}`).set(c.auth);
      expect(seen.body.data).toMatchObject({ status: 'approved', decided_at: expect.any(String), effective_at: ok.body.data.effective_at });

      // The cap in force now is still 5000.00: a further raise is measured against it.
      const next = await openRequest(c, { type: 'pix_out', period: 'daytime', requested_amount: '9000.00' });
      expect(next.status).toBe(200);
      expect(next.body.data).toMatchObject({ current_amount: '5000.00', status: 'pending' });
    });

    it('an approval 30 h after the request takes effect at once', async () => {
      const c = await newClient(app);
      const r = (await openRequest(c, { type: 'pix_out', period: 'daily', requested_amount: '6500.00' })).body.data;
      const now = clockOf(app).now().getTime();
      await db.query('UPDATE limit_requests SET created_at = $2, expires_at = $3 WHERE id = $1', [
        r.id,
        new Date(now - 30 * 3600 * 1000),
        new Date(now + 18 * 3600 * 1000),
      ]);
      const ok = await approve(r.id);
      expect(ok.body.data).toMatchObject({ status: 'approved', effective_at: ok.body.data.decided_at });
      expect((await limitsOf(c)).body.limits.pix_out.daily).toEqual(cap('6500.00'));
    });

    it('a reduction needs no administrator: approved when made, by nobody, effective at once', async () => {
      const c = await newClient(app);
      const raise = (await openRequest(c, { type: 'pix_out', period: 'nighttime', requested_amount: '2000.00' })).body.data;
      const res = await openRequest(c, { type: 'pix_out', period: 'nighttime', requested_amount: '400.00' });
      expect(res.status).toBe(200);
      const r = res.body.data;
      expect(r).toMatchObject({ current_amount: '1000.00', requested_amount: '400.00', status: 'approved', response_reason: null });
      expect(r.decided_at).toBe(r.created_at);
      expect(r.effective_at).toBe(r.created_at);
      expect((await limitsOf(c)).body.limits.pix_out.nighttime).toEqual(cap('400.00'));
      expect(await events('limit_request.approved', r.id)).toBe(1);
      const forAdmin = (await adminList('approved')).body.data.find((x: { id: string }) => x.id === r.id);
      expect(forAdmin).toMatchObject({ decided_by: null, client_id: c.clientId });
      // Never pending: the client's pending list shows only the raise, which still blocks a second raise (409).
      expect((await http(app).get('/api/v1/pix/limits/requests').set(c.auth)).body.data.map((x: { id: string }) => x.id)).toEqual([
        raise.id,
      ]);
      expect((await openRequest(c, { type: 'pix_out', period: 'nighttime', requested_amount: '3000.00' })).status).toBe(409);
    });

    it('rejects with a required reason the client then sees', async () => {
      const c = await newClient(app);
      const r = (await openRequest(c, { type: 'boleto', period: 'monthly', requested_amount: '500000.00' })).body.data;
      for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
        const bad = await reject(r.id, body);
        expect(bad.status).toBe(400);
        expect(bad.body.error.code).toBe('VALIDATION_ERROR');
      }
      const res = await reject(r.id, { reason: 'Income does not support it' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'rejected', response_reason: 'Income does not support it' });
      expect(await events('limit_request.rejected', r.id)).toBe(1);
      expect((await approve(r.id)).status).toBe(409);
      expect((await limitsOf(c)).body.limits.boleto.monthly.limit).toBe('100000.00');
      const seen = await http(app).get(`/api/v1/pix/limits/requests/${r.id}`).set(c.auth);
      expect(seen.body.data).toMatchObject({ status: 'rejected', response_reason: 'Income does not support it' });
    });

    it('answers unknown ids with 404 and a bad status filter with 400', async () => {
      const unknown = await approve('00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('LIMIT_REQUEST_NOT_FOUND');
      expect((await reject('nope', { reason: 'x' })).status).toBe(404);
      expect((await adminList('open')).status).toBe(400);
    });
  });

  describe('expiry after 48 h', () => {
    it('on read: no longer pending, persisted as expired with one event, and the cap is free again', async () => {
      const c = await newClient(app);
      const r = (await openRequest(c, { type: 'pix_out', period: 'monthly', requested_amount: '60000.00' })).body.data;
      await backdate(r.id);

      const [list, one, one2] = await Promise.all([
        http(app).get('/api/v1/pix/limits/requests').set(c.auth),
        http(app).get(`/api/v1/pix/limits/requests/${r.id}`).set(c.auth),
        http(app).get(`/api/v1/pix/limits/requests/${r.id}`).set(c.auth),
      ]);
      expect(list.body.data).toEqual([]);
      expect(one.body.data.status).toBe('expired');
      expect(one2.body.data.status).toBe('expired');
      const [row] = await db.query('SELECT status FROM limit_requests WHERE id = $1', [r.id]);
      expect(row.status).toBe('expired');
      expect(await events('limit_request.expired', r.id)).toBe(1);

      const fresh = await openRequest(c, { type: 'pix_out', period: 'monthly', requested_amount: '60000.00' });
      expect(fresh.status).toBe(200);
      expect((await http(app).post(`/api/v1/admin/limits/requests/${r.id}/approve`).set(admin.auth).send()).status).toBe(409);
    });

    it('a new request replaces an overdue one nobody has read yet', async () => {
      const c = await newClient(app);
      // Raises (pix_in daily 1000000.00 by default): a reduction is never pending (docs/adr/0214-limit-changes-timed-as-the-regulation-says.md).
      const r = (await openRequest(c, { type: 'pix_in', period: 'daily', requested_amount: '2000000.00' })).body.data;
      await backdate(r.id);
      const again = await openRequest(c, { type: 'pix_in', period: 'daily', requested_amount: '3000000.00' });
      expect(again.status).toBe(200);
      expect(await events('limit_request.expired', r.id)).toBe(1);
    });

    it('an administrator deciding an overdue request gets 409, and the expiry sticks', async () => {
      const c = await newClient(app);
      const r = (await openRequest(c, { type: 'ted', period: 'nighttime', requested_amount: '5000.00' })).body.data;
      await backdate(r.id);
      const res = await http(app).post(`/api/v1/admin/limits/requests/${r.id}/approve`).set(admin.auth).send();
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('LIMIT_REQUEST_NOT_PENDING');
      expect((await limitsOf(c)).body.limits.ted.nighttime.limit).toBe('1000.00');
      expect(await events('limit_request.expired', r.id)).toBe(1);
      const expired = await http(app).get('/api/v1/admin/limits/requests?status=expired').set(admin.auth);
      expect(expired.body.data.some((x: { id: string }) => x.id === r.id)).toBe(true);
    });

    it('the sweep expires overdue requests once, however many sweeps and readers race', async () => {
      const c = await newClient(app);
      const ids: string[] = [];
      for (const period of ['daytime', 'nighttime', 'daily']) {
        // Raises above every default boleto cap: pending, as the sweep needs (a reduction is never pending).
        ids.push((await openRequest(c, { type: 'boleto', period, requested_amount: '900000.00' })).body.data.id);
      }
      const live = (await openRequest(c, { type: 'boleto', period: 'monthly', requested_amount: '900000.00' })).body.data.id;
      for (const id of ids) await backdate(id);

      const sweeper = app.get(LimitRequestExpiryScheduler);
      await Promise.all([sweeper.sweepOnce(), sweeper.sweepOnce(), http(app).get('/api/v1/pix/limits/requests').set(c.auth)]);
      const rows: { id: string; status: string }[] = await db.query('SELECT id, status FROM limit_requests WHERE client_id = $1', [
        c.clientId,
      ]);
      for (const id of ids) {
        expect(rows.find((x) => x.id === id)?.status).toBe('expired');
        expect(await events('limit_request.expired', id)).toBe(1);
      }
      expect(rows.find((x) => x.id === live)?.status).toBe('pending');
      expect(await sweeper.sweepOnce()).toBe(0);
    });
  });
});
