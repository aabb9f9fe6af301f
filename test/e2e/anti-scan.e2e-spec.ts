import type { NestExpressApplication } from '@nestjs/platform-express';
import { APP_CONFIG } from '../../src/config/app.config.js';
import { encodeBrCode, parseBrCode } from '../../src/shared/domain/br-code/br-code.js';
import { bankDetails, cashOut } from '../support/payments.js';
import { http, newClient, startApp, type TestClient } from '../support/test-app.js';

/**
 * Every path that can tell whether a key or an account exists spends the client's look-up budget
 * (12 points here; a hit costs 1, a miss 5): key GET, static and dynamic QR decode, cash-out Flows 1 and 2.
 */
describe('anti-scan look-up budget on every path (e2e)', () => {
  let app: NestExpressApplication;
  let ispb: string;

  beforeAll(async () => {
    app = await startApp({ appRole: 'api', lookupRateLimitPerMinute: 12 });
    ispb = app.get(APP_CONFIG).pspIspb;
  });

  afterAll(() => app.close());

  /** Three misses use the budget up (5 + 5 + 5 > 12): the fourth request, whatever it asks, is 429. */
  const scan = async (
    c: TestClient,
    miss: () => Promise<{ status: number; body: { error?: { code: string } } }>,
    code: string,
    next: () => Promise<{ status: number; headers: Record<string, string> }>,
  ) => {
    for (let i = 0; i < 3; i++) {
      const res = await miss();
      expect({ i, status: res.status, code: res.body.error?.code }).toEqual({ i, status: 400, code });
    }
    const limited = await next();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('cash-out Flow 1: unknown keys spend the budget', async () => {
    const c = await newClient(app, { balance: '10.00' });
    let n = 0;
    await scan(
      c,
      () => cashOut(app, c, { amount: '1.00', pix_key: `notfound${n++}@example.com`, pix_key_type: 'EMAIL' }),
      'PIX_KEY_NOT_FOUND',
      () => cashOut(app, c, { amount: '1.00', pix_key: 'real@example.com', pix_key_type: 'EMAIL' }),
    );
  });

  it('cash-out Flow 2: unknown accounts at this institution spend the budget', async () => {
    const c = await newClient(app, { balance: '10.00' });
    let n = 0;
    const guess = () => ({
      ...bankDetails,
      amount: '1.00',
      receiver_ispb: ispb,
      receiver_branch: '0001',
      receiver_account: String(100000000 + n++),
    });
    await scan(
      c,
      () => cashOut(app, c, guess()),
      'RECEIVER_ACCOUNT_NOT_FOUND',
      () => cashOut(app, c, guess()),
    );
  });

  it('static QR decode: a code naming an unknown key spends the budget', async () => {
    const c = await newClient(app);
    let n = 0;
    const code = (key: string) =>
      encodeBrCode({ type: 'static', pixKey: key, merchantName: 'Scan', merchantCity: 'SAO PAULO', txid: '***' });
    const decode = (key: string) =>
      http(app)
        .post('/api/v1/pix/qrcode/decode')
        .set(c.auth)
        .send({ br_code: code(key) });
    await scan(
      c,
      () => decode(`notfound${n++}@example.com`),
      'PIX_KEY_NOT_FOUND',
      () => decode('real@example.com'),
    );
  });

  it("dynamic QR decode: a URL of ours naming no charge spends the budget, and so does a real charge's", async () => {
    const merchant = await newClient(app, { legal: true, name: 'Padaria Pao Quente Ltda' });
    expect((await http(app).post('/api/v1/pix/keys').set(merchant.auth).send({ key_type: 'EVP' })).status).toBe(200);
    const charge = await http(app).post('/api/v1/pix/cash-in/qrcode').set(merchant.auth).send({ amount: '10.00', reference: 'scan' });
    expect(charge.status).toBe(200);
    const real = charge.body.qr_code_text as string;
    const c = await newClient(app);
    const decode = (brCode: string) => http(app).post('/api/v1/pix/qrcode/decode').set(c.auth).send({ br_code: brCode });
    // A hit costs 1 point too: 12 decodes of a real charge pass, the 13th is 429.
    for (let i = 0; i < 12; i++) expect({ i, status: (await decode(real)).status }).toEqual({ i, status: 200 });
    expect((await decode(real)).status).toBe(429);
    // Guessed charge ids under our QR base URL: misses cost 5 each.
    const guesser = await newClient(app);
    const url = parseBrCode(real).url!;
    let n = 0;
    const guess = () =>
      encodeBrCode({
        type: 'dynamic',
        url: url.replace(/[0-9a-f-]{36}$/i, `00000000-0000-4000-8000-${String(n++).padStart(12, '0')}`),
        merchantName: 'Scan',
        merchantCity: 'SAO PAULO',
        txid: '***',
      });
    await scan(
      guesser,
      () => http(app).post('/api/v1/pix/qrcode/decode').set(guesser.auth).send({ br_code: guess() }),
      'QR_PAYLOAD_UNAVAILABLE',
      () => http(app).post('/api/v1/pix/qrcode/decode').set(guesser.auth).send({ br_code: real }),
    );
  });
});
