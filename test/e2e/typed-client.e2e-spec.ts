import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { chargeAndCashOut } from '../../clients/typescript/examples/charge-and-cash-out.js';
import {
  createPaymentsClient,
  fetchBearerToken,
  newIdempotencyKey,
  PaymentsApiError,
  unwrap,
  type PaymentsClient,
  type Schemas,
} from '../../clients/typescript/src/index.js';
import { eventually, newClient, startApp, type TestClient } from '../support/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Compile-time check (npm run typecheck): the generated types carry the document's enums, not bare strings. */
type CashOutStatus = Schemas['CashOutStatusDto']['status'];
const everyCashOutStatus: Record<CashOutStatus, true> = { queued: true, processing: true, completed: true, failed: true, returned: true };

describe('typed client (clients/typescript)', () => {
  it('src/schema.d.ts is generated from the committed openapi.json (run `npm run client:generate` after `npm run openapi`)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ips-client-'));
    try {
      const fresh = join(dir, 'schema.d.ts');
      execFileSync(process.execPath, ['node_modules/openapi-typescript/bin/cli.js', 'openapi.json', '--output', fresh], { stdio: 'pipe' });
      const committed = readFileSync(resolve(process.cwd(), 'clients/typescript/src/schema.d.ts'), 'utf8');
      expect(readFileSync(fresh, 'utf8') === committed).toBe(true);
      // Not vacuous: the file holds the operations of the document.
      expect(committed).toContain('createCashOut: {');
      expect(committed).toContain('"/api/v1/pix/cash-in/qrcode": {');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('against the running service', () => {
    let app: NestExpressApplication;
    let baseUrl: string;

    beforeAll(async () => {
      app = await startApp({ settlementBackoffMs: 20, sandboxSpiLatencyMs: 5 });
      await app.listen(0, '127.0.0.1');
      baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    });

    afterAll(() => app.close());

    let c: TestClient;
    let client: PaymentsClient;

    beforeAll(async () => {
      c = await newClient(app);
    });

    it('exchanges the key pair for a token, and reports a wrong pair as a typed error', async () => {
      const { token, expiresIn } = await fetchBearerToken({ baseUrl, keyId: c.keyId, secretKey: c.secret });
      expect(token.split('.')).toHaveLength(3);
      expect(expiresIn).toBe(3600);
      client = createPaymentsClient({ baseUrl, token });

      const refused = await fetchBearerToken({ baseUrl, keyId: c.keyId, secretKey: `${c.secret}x` }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(PaymentsApiError);
      expect(refused).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', requestId: expect.stringMatching(UUID) });
    });

    it('creates a charge (QR cash-in) and reads it back', async () => {
      const key = unwrap(await client.POST('/api/v1/pix/keys', { body: { key_type: 'EVP' } }));
      expect(key.data.key_type).toBe('EVP');

      const charge = unwrap(
        await client.POST('/api/v1/pix/cash-in/qrcode', {
          params: { header: { 'X-Idempotency-Key': newIdempotencyKey() } },
          body: { amount: '42.00', reference: 'typed-client-1' },
        }),
      );
      expect(charge).toMatchObject({ success: true, status: 'pending', provider: 'sandbox', transaction_id: expect.stringMatching(UUID) });
      expect(charge.qr_code_text).toMatch(/^000201/);
      expect(charge.qr_code).toMatch(/^data:image\/png;base64,/);

      const read = unwrap(await client.GET('/api/v1/pix/cash-in/{id}', { params: { path: { id: charge.transaction_id } } }));
      expect(read.data).toMatchObject({
        transaction_id: charge.transaction_id,
        status: 'pending',
        amount: '42.00',
        pix_key: key.data.key_value,
      });
    });

    it('deposits (sandbox), sends a cash-out by Pix key with an idempotency key, and follows it to completed', async () => {
      const deposit = unwrap(await client.POST('/api/v1/sandbox/deposits', { body: { amount: '30.00' } }));
      expect(deposit.data).toMatchObject({ status: 'completed', type: 'cash_in', amount: '30.00', account_id: c.accountId });

      const idempotencyKey = newIdempotencyKey();
      const send = () =>
        client.POST('/api/v1/pix/cash-out', {
          params: { header: { 'X-Idempotency-Key': idempotencyKey } },
          body: { amount: '12.34', pix_key: 'typed-client@example.com', pix_key_type: 'EMAIL' },
        });
      const first = await send();
      const cashOut = unwrap(first);
      expect(cashOut).toMatchObject({ success: true, status: 'queued', amount: '12.34', transaction_id: expect.stringMatching(UUID) });
      expect(first.response.status).toBe(200);

      const replay = await send();
      expect(unwrap(replay).transaction_id).toBe(cashOut.transaction_id);
      expect(replay.response.headers.get('idempotent-replayed')).toBe('true');

      const done = await eventually(async () => {
        const s = unwrap(await client.GET('/api/v1/pix/cash-out/{id}', { params: { path: { id: cashOut.transaction_id } } }));
        return s.data.status === 'completed' ? s.data : undefined;
      }, 15_000);
      expect(everyCashOutStatus[done.status]).toBe(true);
      expect(done).toMatchObject({ amount: '12.34', pix_key: 'typed-client@example.com', pix_key_type: 'email' });
      expect(done.end_to_end_id).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/);

      const balance = unwrap(await client.GET('/api/v1/pix/balance'));
      expect(balance.data).toMatchObject({ available_balance: '17.66', blocked_balance: '0.00' });
    });

    it('answers a refusal as the typed error body of its status', async () => {
      const poor = await client.POST('/api/v1/pix/cash-out', {
        body: { amount: '9999.00', pix_key: 'typed-client@example.com', pix_key_type: 'EMAIL' },
      });
      expect(poor.data).toBeUndefined();
      expect(poor.response.status).toBe(400);
      // `error.code` is typed as the codes the document lists for a 400 of this operation.
      const code: string | undefined = poor.error?.error.code;
      expect(code).toBe('INSUFFICIENT_FUNDS');
      expect(() => unwrap(poor)).toThrow(PaymentsApiError);
    });

    it('runs the example (examples/charge-and-cash-out.ts) end to end for a client with no key and no money', async () => {
      const fresh = await newClient(app);
      const lines: string[] = [];
      const result = await chargeAndCashOut({
        baseUrl,
        keyId: fresh.keyId,
        secretKey: fresh.secret,
        pixKey: 'example-recipient@example.com',
        pixKeyType: 'EMAIL',
        amount: '10.00',
        log: (line) => lines.push(line),
      });
      expect(result.charge).toMatchObject({ status: 'pending', message: 'Charge created' });
      expect(result.deposit?.data).toMatchObject({ status: 'completed', amount: '10.00' });
      expect(result.cashOut).toMatchObject({ status: 'queued', amount: '10.00' });
      expect(result.cashOutStatus.data.transaction_id).toBe(result.cashOut.transaction_id);
      expect(lines.join('\n')).toMatch(
        /registered a random Pix key[\s\S]*charge [0-9a-f-]{36} pending[\s\S]*cash-out [0-9a-f-]{36} queued/,
      );
    });
  });
});
