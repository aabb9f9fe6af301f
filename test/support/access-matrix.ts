import { randomBytes, randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { MED_STATUSES } from '../../src/modules/med/application/med-record.js';
import { readOperations, type SweptOperation } from './openapi-sweep.js';
import { bankDetails, settled } from './payments.js';
import { eventually, http, newClient, type TestClient } from './test-app.js';
import type { WebhookReceiver } from './webhook-receiver.js';

/** An operation of the document with what the access matrix needs: how it is secured and what it documents. */
export interface MatrixOperation extends SweptOperation {
  /** `GET /api/v1/...`. */
  name: string;
  /** No `security` in the document: public by design. */
  public: boolean;
  /** The API-key pair is a documented alternative to the bearer token. */
  apiKeyAuth: boolean;
  /** `x-required-scopes`. */
  scopes: string[];
  /** Header parameters the document marks required (the credentials of a public operation). */
  requiredHeaders: string[];
  /** Statuses and error codes the document lists. */
  statuses: string[];
  errorCodes: string[];
}

interface RawOperation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  responses?: Record<string, unknown>;
  'x-required-scopes'?: string[];
  'x-error-codes'?: string[];
}

export function readMatrix(doc: OpenAPIObject): MatrixOperation[] {
  return readOperations(doc).map((op) => {
    const raw = (doc.paths[op.template] as Record<string, RawOperation>)[op.method]!;
    return {
      ...op,
      name: `${op.method.toUpperCase()} ${op.template}`,
      public: !raw.security?.length,
      apiKeyAuth: (raw.security ?? []).some((s) => 'apiKeyId' in s),
      scopes: raw['x-required-scopes'] ?? [],
      requiredHeaders: (raw.parameters ?? []).filter((p) => p.in === 'header' && p.required).map((p) => p.name.toLowerCase()),
      statuses: Object.keys(raw.responses ?? {}),
      errorCodes: raw['x-error-codes'] ?? [],
    };
  });
}

/**
 * The kind of resource a path parameter names: the segment before it and its name (`cash-out/{id}`), so
 * `/pix/cash-out/{id}` and `/sandbox/cash-out/{id}/return` share one factory. Several parameters make one
 * combined kind.
 */
export function kindOf(op: SweptOperation): string {
  const segments = op.template.split('/');
  return op.pathParams
    .map((p) => {
      const at = segments.indexOf(`{${p.name}}`);
      return `${segments[at - 1] ?? ''}/{${p.name}}`;
    })
    .join(' ');
}

/** A resource made for the owner (client A). */
export interface Made {
  /** Path parameter values that name it. */
  params: Record<string, string>;
  /** Its record id (for a Pix key, not the value in the path; for a filter, the record it lists). */
  id: string;
  /** Values of the resource that must never reach another client (ids and the owner's are added by the matrix). */
  data: string[];
  /** The resource as its owner sees it: another client's call must leave this exactly as it was. */
  read(): Promise<unknown>;
}

export interface ResourceKind {
  create(owner: TestClient): Promise<Made>;
  /** Path parameter values that name nothing: the answer for another client's resource must be the same. */
  missing(): Record<string, string>;
  /** A valid body for operations on this kind that take one, where the schema's sample would not do. */
  body?(made: Made): Record<string, unknown>;
  /** Methods that are look-ups of a shared directory by design (any client may look a Pix key up): 200 without ids. */
  sharedLookups?: SweptOperation['method'][];
  /** The parameter filters the caller's own records (MED requests by status): another client gets 200 without A's. */
  filter?: boolean;
}

const hex = (n = 4) => randomBytes(n).toString('hex');

/** An amount no other resource of the run is likely to share, with cents the sandbox SPI settles (not .91-.94). */
export const distinctAmount = () => `${10 + Math.floor(Math.random() * 80)}.${10 + Math.floor(Math.random() * 80)}`;

/** A fresh owner per resource: its balance, keys and webhooks are nobody else's, and no cap is shared. */
export function newOwner(app: NestExpressApplication): Promise<TestClient> {
  return newClient(app, { legal: true, balance: '1000.00', name: `Tenant ${hex()} Ltda` });
}

/**
 * Factories of client resources, by kind (`kindOf`). A new operation on one of these kinds is covered with
 * no edit here; a new kind needs a factory, or the matrix fails naming the operation.
 */
export function resourceKinds(app: NestExpressApplication, receiver: WebhookReceiver): Record<string, ResourceKind> {
  const ok = async <T extends { status: number; body: unknown }>(what: string, res: Promise<T> | T): Promise<T> => {
    const r = await res;
    if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r;
  };
  /** The status and body the owner gets, so a record that disappears counts as a change too. */
  const readAs = async (c: TestClient, path: string) => {
    const res = await http(app).get(path).set(c.auth);
    return { status: res.status, body: res.body as unknown };
  };
  const uuid = () => ({ id: randomUUID() });

  const deposit = async (c: TestClient, amount: string) =>
    (
      await ok(
        'deposit',
        http(app)
          .post('/api/v1/sandbox/deposits')
          .set(c.auth)
          .send({ amount, payer: { name: 'Pagadora Externa', document: '52998224725' } }),
      )
    ).body.data as { transaction_id: string; end_to_end_id: string };

  /** A MED request against a payment the owner received, and its record looked up in every status. */
  const openMed = async (c: TestClient) => {
    const paid = await deposit(c, distinctAmount());
    const med = (await ok('open MED', http(app).post('/api/v1/sandbox/med').set(c.auth).send({ end_to_end_id: paid.end_to_end_id }))).body
      .data as { id: string; status: string; end_to_end_id: string };
    const read = async () => {
      for (const status of MED_STATUSES) {
        const res = await http(app).get(`/api/v1/pix/med/status/${status}`).query({ page_size: 100 }).set(c.auth);
        const found = (res.body.data?.items as { id: string }[] | undefined)?.find((m) => m.id === med.id);
        if (found) return found;
      }
      return undefined;
    };
    return { med, paid, read };
  };

  const subscribe = async (c: TestClient, path: string, events: string[]) => {
    const res = await ok(
      'webhook',
      http(app)
        .post('/api/v1/webhooks')
        .set(c.auth)
        .send({ url: receiver.url(path), events }),
    );
    return res.body.data as { id: string; secret: string; url: string };
  };

  return {
    'cash-out/{id}': {
      async create(c) {
        const amount = distinctAmount();
        const res = await ok(
          'cash-out',
          http(app)
            .post('/api/v1/pix/cash-out')
            .set(c.auth)
            .send({ amount, ...bankDetails }),
        );
        const id = res.body.transaction_id as string;
        // Settled first, so nothing the worker does later passes for a change made by another client.
        await settled(app, c, id, ['completed']);
        return { params: { id }, id, data: [amount], read: () => readAs(c, `/api/v1/pix/cash-out/${id}`) };
      },
      missing: uuid,
    },
    'cash-in/{id}': {
      async create(c) {
        const amount = distinctAmount();
        await ok('receiving key', http(app).post('/api/v1/pix/keys').set(c.auth).send({ key_type: 'EVP' }));
        const res = await ok(
          'charge',
          http(app)
            .post('/api/v1/pix/cash-in/qrcode')
            .set(c.auth)
            .send({ amount, reference: `ref-${hex()}` }),
        );
        const id = res.body.transaction_id as string;
        return { params: { id }, id, data: [amount, res.body.conciliation_id], read: () => readAs(c, `/api/v1/pix/cash-in/${id}`) };
      },
      missing: uuid,
    },
    'keys/{key}': {
      async create(c) {
        const key = `tenant-${hex()}@example.com`;
        const res = await ok('Pix key', http(app).post('/api/v1/pix/keys').set(c.auth).send({ key_type: 'EMAIL', key_value: key }));
        const id = res.body.data.id as string;
        const read = async () => {
          const list = await http(app).get('/api/v1/pix/keys').set(c.auth);
          return (list.body.data as { key_value: string }[]).find((k) => k.key_value === key);
        };
        return { params: { key }, id, data: [], read };
      },
      missing: () => ({ key: `nobody-${hex()}@example.com` }),
      sharedLookups: ['get'],
    },
    'transactions/{id}': {
      async create(c) {
        const amount = distinctAmount();
        const paid = await deposit(c, amount);
        const id = paid.transaction_id;
        return { params: { id }, id, data: [amount, paid.end_to_end_id], read: () => readAs(c, `/api/v1/transactions/${id}`) };
      },
      missing: uuid,
    },
    'requests/{id}': {
      async create(c) {
        const reason = `tenancy ${hex()}`;
        const res = await ok(
          'limit request',
          http(app)
            .post('/api/v1/pix/limits/requests')
            .set(c.auth)
            .send({ type: 'pix_out', period: 'nighttime', requested_amount: '900.00', reason, account_id: c.accountId }),
        );
        const id = res.body.data.id as string;
        return { params: { id }, id, data: [reason], read: () => readAs(c, `/api/v1/pix/limits/requests/${id}`) };
      },
      missing: uuid,
    },
    'reversals/{id}': {
      async create(c) {
        // A P2P payment received on-us, reversed at once: the reversal is final before anyone else calls.
        const payer = await newClient(app, { balance: '100.00' });
        const p2p = await ok(
          'p2p',
          http(app).post('/api/v1/pix/p2p/transfers').set(payer.auth).send({ to_account_id: c.accountId, amount: '20.00' }),
        );
        const externalId = `rev-${hex()}`;
        const res = await ok(
          'reversal',
          http(app)
            .post('/api/v1/pix/reversals')
            .set(c.auth)
            .send({ amount: '5.00', external_id: externalId, end_to_end_id: p2p.body.data.end_to_end_id }),
        );
        const id = res.body.data.id as string;
        return {
          params: { id },
          id,
          data: [externalId, p2p.body.data.end_to_end_id],
          read: () => readAs(c, `/api/v1/pix/reversals/${id}`),
        };
      },
      missing: uuid,
    },
    'med/{med_id}': {
      async create(c) {
        const { med, paid, read } = await openMed(c);
        return { params: { med_id: med.id }, id: med.id, data: [paid.end_to_end_id], read };
      },
      missing: () => ({ med_id: randomUUID() }),
    },
    'status/{status}': {
      async create(c) {
        const { med, paid, read } = await openMed(c);
        return { params: { status: med.status }, id: med.id, data: [paid.end_to_end_id], read };
      },
      missing: () => ({ status: 'OPEN' }),
      filter: true,
    },
    'webhooks/{id}': {
      async create(c) {
        const hook = await subscribe(c, `/tenant-${hex()}`, ['p2p.received']);
        const read = async () => {
          const [row] = await app
            .get(DataSource)
            .query(`SELECT url, status, secret_enc, previous_secret_enc, deleted_at, updated_at FROM webhooks WHERE id = $1`, [hook.id]);
          return { api: await readAs(c, `/api/v1/webhooks/${hook.id}`), row: row as unknown };
        };
        return { params: { id: hook.id }, id: hook.id, data: [hook.url, hook.secret, hook.secret.slice(6)], read };
      },
      missing: uuid,
      body: () => ({ url: receiver.url(`/moved-${hex()}`), events: ['cash_in.completed'] }),
    },
    'deliveries/{delivery_id}': {
      async create(c) {
        // The target fails, so the delivery stays pending (the next retry is minutes away): resendable and stable.
        const path = `/failing-${hex()}`;
        receiver.answer(path, () => ({ status: 500 }));
        const hook = await subscribe(c, path, ['cash_in.completed']);
        await deposit(c, distinctAmount());
        const item = await eventually(async () => {
          const res = await http(app).get(`/api/v1/webhooks/${hook.id}/deliveries`).set(c.auth);
          const first = (res.body.data?.items as { id: string; status: string; attempt_count: number }[] | undefined)?.[0];
          return first && first.attempt_count >= 1 && first.status === 'pending' ? first : undefined;
        }, 15_000);
        return {
          params: { delivery_id: item.id },
          id: item.id,
          data: [hook.id, hook.url],
          read: () => readAs(c, `/api/v1/webhooks/deliveries/${item.id}`),
        };
      },
      missing: () => ({ delivery_id: randomUUID() }),
    },
  };
}
