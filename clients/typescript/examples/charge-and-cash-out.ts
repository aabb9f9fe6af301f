/**
 * Example: obtain a token from an API key pair, create a charge (a dynamic QR code to be paid to you),
 * and send a Pix by key. Run it against a started service (see ../README.md):
 *
 *   PAYMENTS_KEY_ID=... PAYMENTS_SECRET_KEY=... node clients/typescript/dist/examples/charge-and-cash-out.js
 *
 * Optional: PAYMENTS_BASE_URL (default http://localhost:3000), PIX_KEY and PIX_KEY_TYPE of the
 * recipient (default someone@example.com, EMAIL), AMOUNT (default 10.00). With PIX_PROVIDER=sandbox,
 * a balance short of AMOUNT is topped up with a simulated deposit first.
 */
import { pathToFileURL } from 'node:url';
import {
  createPaymentsClient,
  fetchBearerToken,
  newIdempotencyKey,
  PaymentsApiError,
  unwrap,
  type components,
  type PaymentsClient,
} from '../src/index.js';

type Schemas = components['schemas'];
type PixKeyType = NonNullable<Schemas['CreateCashOutRequest']['pix_key_type']>;

export interface ChargeAndCashOutOptions {
  baseUrl: string;
  keyId: string;
  secretKey: string;
  /** The recipient of the cash-out. */
  pixKey: string;
  pixKeyType: PixKeyType;
  /** BRL decimal string, e.g. "10.00". */
  amount: string;
  fetch?: typeof globalThis.fetch;
  log?: (line: string) => void;
}

export interface ChargeAndCashOutResult {
  charge: Schemas['ChargeCreatedResponse'];
  /** The sandbox deposit made to cover the cash-out, if one was needed. */
  deposit: Schemas['DepositResponse'] | null;
  cashOut: Schemas['CashOutCreatedResponse'];
  cashOutStatus: Schemas['CashOutStatusResponse'];
}

/** Amounts are decimal strings; compare them in cents, never as floating point. */
function cents(amount: string): bigint {
  const [units = '0', fraction = ''] = amount.split('.');
  return BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/** A charge is issued under one of your Pix keys: register a random one (EVP) if you hold none. */
async function ensureReceivingKey(client: PaymentsClient, log: (line: string) => void): Promise<void> {
  const keys = unwrap(await client.GET('/api/v1/pix/keys'));
  if (keys.data.length > 0) return;
  const created = unwrap(await client.POST('/api/v1/pix/keys', { body: { key_type: 'EVP' } }));
  log(`registered a random Pix key to receive charges: ${created.data.key_value}`);
}

export async function chargeAndCashOut(options: ChargeAndCashOutOptions): Promise<ChargeAndCashOutResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const fetch = options.fetch ? { fetch: options.fetch } : {};

  // 1. A bearer token (one hour) from the key pair.
  const { token, expiresIn } = await fetchBearerToken({
    baseUrl: options.baseUrl,
    keyId: options.keyId,
    secretKey: options.secretKey,
    ...fetch,
  });
  log(`token obtained, valid for ${expiresIn} s`);
  const client = createPaymentsClient({ baseUrl: options.baseUrl, token, ...fetch });

  // 2. A charge: a dynamic BR Code another payer pays (X-Idempotency-Key makes a retry safe).
  await ensureReceivingKey(client, log);
  const charge = unwrap(
    await client.POST('/api/v1/pix/cash-in/qrcode', {
      params: { header: { 'X-Idempotency-Key': newIdempotencyKey() } },
      body: { amount: options.amount, reference: `example-${Date.now()}`, description: 'Typed client example', expiration_time: 3600 },
    }),
  );
  log(`charge ${charge.transaction_id} ${charge.status}, expires ${charge.expires_at}`);
  log(`  copy-and-paste Pix: ${charge.qr_code_text}`);

  // 3. Funds for the cash-out: in the sandbox, a simulated deposit covers a short balance.
  const balance = unwrap(await client.GET('/api/v1/pix/balance'));
  let deposit: Schemas['DepositResponse'] | null = null;
  if (cents(balance.data.available_balance) < cents(options.amount)) {
    const topUp = await client.POST('/api/v1/sandbox/deposits', { body: { amount: options.amount } });
    if (topUp.response.status === 404) throw new Error(`available ${balance.data.available_balance} BRL is short of ${options.amount} BRL`);
    deposit = unwrap(topUp);
    log(`sandbox deposit of ${deposit.data.amount} BRL: ${deposit.data.transaction_id}`);
  }

  // 4. A cash-out by Pix key (Flow 1): accepted as `queued`, settled asynchronously.
  const cashOut = unwrap(
    await client.POST('/api/v1/pix/cash-out', {
      params: { header: { 'X-Idempotency-Key': newIdempotencyKey() } },
      body: { amount: options.amount, pix_key: options.pixKey, pix_key_type: options.pixKeyType, description: 'Typed client example' },
    }),
  );
  log(`cash-out ${cashOut.transaction_id} ${cashOut.status}: ${cashOut.amount} BRL to ${options.pixKey}`);

  // 5. Its status record (completed or failed a moment later; webhooks tell you without polling).
  const cashOutStatus = unwrap(await client.GET('/api/v1/pix/cash-out/{id}', { params: { path: { id: cashOut.transaction_id } } }));
  log(`cash-out status now ${cashOutStatus.data.status}, end-to-end id ${cashOutStatus.data.end_to_end_id}`);
  return { charge, deposit, cashOut, cashOutStatus };
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name} (see clients/typescript/README.md)`);
  return value;
}

async function main(): Promise<void> {
  const result = await chargeAndCashOut({
    baseUrl: process.env.PAYMENTS_BASE_URL ?? 'http://localhost:3000',
    keyId: required('PAYMENTS_KEY_ID'),
    secretKey: required('PAYMENTS_SECRET_KEY'),
    pixKey: process.env.PIX_KEY ?? 'someone@example.com',
    pixKeyType: (process.env.PIX_KEY_TYPE ?? 'EMAIL') as PixKeyType,
    amount: process.env.AMOUNT ?? '10.00',
  });
  // The QR image (a PNG data URI) is long: show its start only.
  const charge = { ...result.charge, qr_code: `${result.charge.qr_code.slice(0, 48)}...` };
  console.log(JSON.stringify({ charge, cashOut: result.cashOut, status: result.cashOutStatus.data }, null, 2));
}

// Run only as a script (the e2e test imports chargeAndCashOut).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof PaymentsApiError ? `${err.message} (request ${err.requestId})` : err);
    process.exit(1);
  });
}
