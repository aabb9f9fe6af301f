import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { eventually, http, type TestClient } from './test-app.js';

export async function balanceOf(app: NestExpressApplication, c: TestClient) {
  const res = await http(app).get('/api/v1/pix/balance').set(c.auth);
  return res.body.data as { available_balance: string; blocked_balance: string; total_balance: string };
}

export function cashOut(app: NestExpressApplication, c: TestClient, body: object, headers: Record<string, string> = {}) {
  return http(app).post('/api/v1/pix/cash-out').set(c.auth).set(headers).send(body);
}

export async function cashOutStatus(app: NestExpressApplication, c: TestClient, id: string) {
  const res = await http(app).get(`/api/v1/pix/cash-out/${id}`).set(c.auth);
  return res.body.data;
}

/** Polls the status record until it reaches one of `statuses`. */
export function settled(
  app: NestExpressApplication,
  c: TestClient,
  id: string,
  statuses = ['completed', 'failed', 'returned'],
  timeoutMs = 15_000,
) {
  return eventually(async () => {
    const s = await cashOutStatus(app, c, id);
    return statuses.includes(s?.status) ? s : undefined;
  }, timeoutMs);
}

/** Ledger operations recorded for one transaction, oldest first. */
export async function ledgerOps(app: NestExpressApplication, transactionId: string): Promise<string[]> {
  const rows: { operation_type: string }[] = await app
    .get(DataSource)
    .query(`SELECT operation_type FROM ledger_entries WHERE transaction_id = $1 ORDER BY created_at, seq`, [transactionId]);
  return rows.map((r) => r.operation_type);
}

export async function outboxTypes(app: NestExpressApplication, aggregateId: string): Promise<string[]> {
  const rows: { event_type: string }[] = await app
    .get(DataSource)
    .query(`SELECT event_type FROM outbox_messages WHERE aggregate_id = $1 ORDER BY id`, [aggregateId]);
  return rows.map((r) => r.event_type);
}

export const bankDetails = {
  receiver_name: 'Joana Externa',
  receiver_document: '52998224725',
  receiver_ispb: '00000000',
  receiver_branch: '1234',
  receiver_account: '5678901',
  receiver_account_type: 'checking',
};
