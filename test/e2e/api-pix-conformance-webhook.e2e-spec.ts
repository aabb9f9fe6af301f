import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { ApiPixConformance, INVALID_ON_PURPOSE, pixCallbackViolations, newTxid } from '../support/api-pix-conformance.js';
import { cashOut } from '../support/payments.js';
import { eventually, http, newClient, startApp, type TestClient } from '../support/test-app.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/** The receiver listens on 127.0.0.1 with a random port: this app allows private targets (as test/e2e/webhooks.e2e-spec.ts). */
const CONFIG = { webhookAllowPrivateNetworks: true, webhookRetryScheduleMs: [200, 400], webhookTimeoutMs: 1500 };
const ERROR = 'https://pix.bcb.gov.br/api/v2/error/';

const freshTxid = () => newTxid('webhook');

interface Problema {
  type: string;
  title: string;
  status: number;
  violacoes?: { razao: string; propriedade?: string }[];
}
type PixCallback = { pix: { endToEndId: string; txid: string; valor: string; chave: string; horario: string }[] };

describe('API Pix webhook (docs/reference/api-pix-2.9.0.yaml, tag Webhook): the resource, validated, and its callback', () => {
  let app: NestExpressApplication;
  let conformance: ApiPixConformance;
  let receiver: WebhookReceiver;
  let merchant: TestClient;
  let payer: TestClient;
  let merchantKey: string;
  let payerKey: string;
  let token: string;
  let path = 0;
  const nextPath = () => `/erp-${++path}`;

  const basic = (c: TestClient) => `Basic ${Buffer.from(`${c.keyId}:${c.secret}`).toString('base64')}`;
  const apiPixToken = async (c: TestClient, scope: string) => {
    const res = await http(app)
      .post('/api-pix/oauth/token')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('Authorization', basic(c))
      .send(`grant_type=client_credentials&scope=${encodeURIComponent(scope)}`);
    if (res.status !== 200) throw new Error(`token: ${res.status}`);
    return res.body.access_token as string;
  };
  const pix = () => conformance.http();
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
  const problemOf = (res: { headers: Record<string, string>; text: string }) => {
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    return JSON.parse(res.text) as Problema;
  };
  const newKey = async (c: TestClient) => {
    const key = await http(app).post('/api/v1/pix/keys').set(c.auth).send({ key_type: 'EVP' });
    expect(key.status).toBe(200);
    return (key.body.data?.key_value ?? key.body.key_value) as string;
  };
  /** A charge through API Pix for `chave`, paid on-us by `payer` through its QR code (Flow 3); the payment's end-to-end id. */
  const payCob = async (chave: string, valor: string) => {
    const txid = freshTxid();
    const cob = await pix()
      .put(`/api-pix/v2/cob/${txid}`)
      .set(bearer(token))
      .send({ calendario: { expiracao: 3600 }, valor: { original: valor }, chave });
    expect(cob.status).toBe(201);
    const decoded = await http(app).post('/api/v1/pix/qrcode/decode').set(payer.auth).send({ br_code: cob.body.pixCopiaECola });
    expect(decoded.status).toBe(200);
    const sent = await cashOut(app, payer, { amount: valor }, { 'X-Pix-Lookup-E2E': decoded.body.end_to_end_id });
    expect(sent.status).toBe(200);
    return { txid, endToEndId: decoded.body.end_to_end_id as string };
  };
  const subscribe = async (c: TestClient, url: string) => {
    const res = await http(app)
      .post('/api/v1/webhooks')
      .set(c.auth)
      .send({ url, events: ['cash_in.completed'] });
    expect(res.status).toBe(201);
  };

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    app = await startApp(CONFIG);
    conformance = new ApiPixConformance(app);
    merchant = await newClient(app, { legal: true, name: 'Loja Exemplo Ltda' });
    payer = await newClient(app, { balance: '1000.00' });
    merchantKey = await newKey(merchant);
    payerKey = await newKey(payer);
    token = await apiPixToken(merchant, 'webhook.write webhook.read cob.write cob.read');
  });

  afterAll(async () => {
    await app.close();
    await receiver.stop();
  });

  describe('the resource', () => {
    it('PUT registers a URL for one of the caller’s keys (200), GET shows it, a second PUT replaces it, DELETE removes it (204)', async () => {
      const key = await newKey(merchant);
      const url = receiver.url(nextPath());
      const put = await pix().put(`/api-pix/v2/webhook/${key}`).set(bearer(token)).send({ webhookUrl: url });
      expect(put.status).toBe(200);
      const got = await pix().get(`/api-pix/v2/webhook/${key}`).set(bearer(token));
      expect(got.status).toBe(200);
      expect(got.body).toEqual({ webhookUrl: url, chave: key, criacao: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) });
      const other = receiver.url(nextPath());
      expect((await pix().put(`/api-pix/v2/webhook/${key}`).set(bearer(token)).send({ webhookUrl: other })).status).toBe(200);
      const again = await pix().get(`/api-pix/v2/webhook/${key}`).set(bearer(token));
      expect(again.body).toEqual({ webhookUrl: other, chave: key, criacao: got.body.criacao });
      expect((await pix().delete(`/api-pix/v2/webhook/${key}`).set(bearer(token))).status).toBe(204);
      const gone = await pix().get(`/api-pix/v2/webhook/${key}`).set(bearer(token));
      expect(gone.status).toBe(404);
      expect(problemOf(gone)).toMatchObject({ type: `${ERROR}WebhookNaoEncontrado`, status: 404 });
      const deletedAgain = await pix().delete(`/api-pix/v2/webhook/${key}`).set(bearer(token));
      expect(problemOf(deletedAgain)).toMatchObject({ type: `${ERROR}WebhookNaoEncontrado`, status: 404 });
    });

    it('refuses a key that is not the caller’s, a URL that is not https or points at a metadata address, and a body without webhookUrl (WebhookOperacaoInvalida)', async () => {
      const foreign = await pix()
        .put(`/api-pix/v2/webhook/${payerKey}`)
        .set(bearer(token))
        .send({ webhookUrl: receiver.url(nextPath()) });
      expect(problemOf(foreign)).toMatchObject({
        type: `${ERROR}WebhookOperacaoInvalida`,
        status: 400,
        violacoes: [expect.objectContaining({ propriedade: 'chave' })],
      });
      for (const webhookUrl of [`http://localhost:${receiver.port}/x`, 'https://169.254.169.254/latest']) {
        const refused = await pix().put(`/api-pix/v2/webhook/${merchantKey}`).set(bearer(token)).send({ webhookUrl });
        expect(problemOf(refused)).toMatchObject({
          type: `${ERROR}WebhookOperacaoInvalida`,
          violacoes: [expect.objectContaining({ propriedade: 'webhook.webhookUrl' })],
        });
      }
      const missing = await pix().put(`/api-pix/v2/webhook/${merchantKey}`).set(bearer(token)).set(INVALID_ON_PURPOSE, '1').send({});
      expect(problemOf(missing)).toMatchObject({
        type: `${ERROR}WebhookOperacaoInvalida`,
        violacoes: expect.arrayContaining([expect.objectContaining({ propriedade: 'webhook.webhookUrl' })]),
      });
      expect((await pix().get(`/api-pix/v2/webhook/${merchantKey}`).set(bearer(token))).status).toBe(404);
    });

    it('each operation needs its scope (AcessoNegado), and another client’s webhook is not found', async () => {
      const reader = await apiPixToken(merchant, 'cob.read');
      for (const denied of [
        await pix()
          .put(`/api-pix/v2/webhook/${merchantKey}`)
          .set(bearer(reader))
          .send({ webhookUrl: receiver.url('/x') }),
        await pix().get(`/api-pix/v2/webhook/${merchantKey}`).set(bearer(reader)),
        await pix().delete(`/api-pix/v2/webhook/${merchantKey}`).set(bearer(reader)),
        await pix().get('/api-pix/v2/webhook').set(bearer(reader)),
      ]) {
        expect(problemOf(denied)).toMatchObject({ type: `${ERROR}AcessoNegado`, status: 403 });
      }
      const key = await newKey(merchant);
      expect(
        (
          await pix()
            .put(`/api-pix/v2/webhook/${key}`)
            .set(bearer(token))
            .send({ webhookUrl: receiver.url('/y') })
        ).status,
      ).toBe(200);
      const stranger = await apiPixToken(payer, 'webhook.read webhook.write');
      expect(problemOf(await pix().get(`/api-pix/v2/webhook/${key}`).set(bearer(stranger))).type).toBe(`${ERROR}WebhookNaoEncontrado`);
      expect(problemOf(await pix().delete(`/api-pix/v2/webhook/${key}`).set(bearer(stranger))).type).toBe(`${ERROR}WebhookNaoEncontrado`);
      expect((await pix().delete(`/api-pix/v2/webhook/${key}`).set(bearer(token))).status).toBe(204);
    });

    it('GET /webhook lists the caller’s webhooks (WebhooksConsultados), by creation window and page', async () => {
      const lister = await newClient(app);
      const keys = [await newKey(lister), await newKey(lister), await newKey(lister)];
      const t = await apiPixToken(lister, 'webhook.write webhook.read');
      for (const k of keys) {
        expect(
          (
            await pix()
              .put(`/api-pix/v2/webhook/${k}`)
              .set(bearer(t))
              .send({ webhookUrl: receiver.url(`/l-${k}`) })
          ).status,
        ).toBe(200);
      }
      const all = await pix().get('/api-pix/v2/webhook').set(bearer(t));
      expect(all.status).toBe(200);
      expect(all.body.parametros.paginacao).toEqual({
        paginaAtual: 0,
        itensPorPagina: 100,
        quantidadeDePaginas: 1,
        quantidadeTotalDeItens: 3,
      });
      expect(all.body.webhooks.map((w: { chave: string }) => w.chave).sort()).toEqual([...keys].sort());
      const page = await pix().get('/api-pix/v2/webhook?paginacao.paginaAtual=1&paginacao.itensPorPagina=2').set(bearer(t));
      expect(page.body.parametros.paginacao).toEqual({
        paginaAtual: 1,
        itensPorPagina: 2,
        quantidadeDePaginas: 2,
        quantidadeTotalDeItens: 3,
      });
      expect(page.body.webhooks).toHaveLength(1);
      const criacao = all.body.webhooks.map((w: { criacao: string }) => w.criacao).sort() as string[];
      const at = encodeURIComponent(criacao[0]!);
      const window = await pix().get(`/api-pix/v2/webhook?inicio=${at}&fim=${at}`).set(bearer(t));
      expect(window.body.parametros).toMatchObject({ inicio: criacao[0], fim: criacao[0] });
      expect(window.body.webhooks.every((w: { criacao: string }) => w.criacao === criacao[0])).toBe(true);
      const before = await pix()
        .get(`/api-pix/v2/webhook?fim=${encodeURIComponent('2000-01-01T00:00:00Z')}`)
        .set(bearer(t));
      expect(before.body.webhooks).toEqual([]);
      expect(before.body.parametros.paginacao).toMatchObject({ quantidadeTotalDeItens: 0, quantidadeDePaginas: 1 });
    });

    it('a list query the spec refuses is WebhookConsultaInvalida (sent beside the proxy: the spec lists no 400 for it)', async () => {
      const res = await http(app)
        .get('/api-pix/v2/webhook?inicio=2026-03-10T00:00:00Z&fim=2026-03-09T00:00:00Z&paginacao.itensPorPagina=0')
        .set(bearer(token));
      expect(res.status).toBe(400);
      expect(problemOf(res)).toMatchObject({
        type: `${ERROR}WebhookConsultaInvalida`,
        violacoes: expect.arrayContaining([
          expect.objectContaining({ propriedade: 'fim' }),
          expect.objectContaining({ propriedade: 'paginacao.itensPorPagina' }),
        ]),
      });
    });
  });

  describe('the callback: POST <webhookUrl>/pix when a Pix with a txid arrives to the key', () => {
    it('sends {"pix":[...]} of the payment, unsigned, apart from the client’s own signed cash_in.completed; DELETE stops it', async () => {
      const erp = nextPath();
      const std = nextPath();
      expect(
        (
          await pix()
            .put(`/api-pix/v2/webhook/${merchantKey}`)
            .set(bearer(token))
            .send({ webhookUrl: receiver.url(erp) })
        ).status,
      ).toBe(200);
      await subscribe(merchant, receiver.url(std));

      const paid = await payCob(merchantKey, '37.00');
      const [callback] = await eventually(
        async () => (receiver.on(`${erp}/pix`).length > 0 ? receiver.on(`${erp}/pix`) : undefined),
        20_000,
      );
      const body = JSON.parse(callback!.body) as PixCallback;
      expect(body).toEqual({
        pix: [{ endToEndId: paid.endToEndId, txid: paid.txid, valor: '37.00', chave: merchantKey, horario: expect.any(String) }],
      });
      expect(pixCallbackViolations(body)).toEqual([]);
      expect(callback!.headers['content-type']).toBe('application/json');
      expect(callback!.headers['webhook-signature']).toBeUndefined();

      // The Standard Webhooks subscription gets its own signed event, with the key the payment named.
      const standard = await eventually(async () =>
        receiver.on(std).find((r) => (JSON.parse(r.body) as { data: { end_to_end_id: string } }).data.end_to_end_id === paid.endToEndId),
      );
      expect(standard.headers['webhook-signature']).toMatch(/^v1,/);
      expect(JSON.parse(standard.body)).toMatchObject({ type: 'cash_in.completed', data: { txid: paid.txid, pix_key: merchantKey } });

      expect((await pix().delete(`/api-pix/v2/webhook/${merchantKey}`).set(bearer(token))).status).toBe(204);
      const after = await payCob(merchantKey, '5.00');
      // Once the subscription has the second payment, the callbacks' intake has already passed on it.
      await eventually(async () =>
        receiver.on(std).some((r) => (JSON.parse(r.body) as { data: { end_to_end_id: string } }).data.end_to_end_id === after.endToEndId),
      );
      const db = app.get(DataSource);
      const [{ n }] = await db.query(
        `SELECT count(*)::int AS n FROM pix_callbacks c JOIN outbox_messages m ON m.event_id = c.event_id WHERE m.payload->>'end_to_end_id' = $1`,
        [after.endToEndId],
      );
      expect(n).toBe(0);
      expect(receiver.on(`${erp}/pix`)).toHaveLength(1);
    });

    it('retries a failed try with the same body, one callback row per payment', async () => {
      const key = await newKey(merchant);
      const erp = nextPath();
      receiver.answer(`${erp}/pix`, (n) => ({ status: n === 1 ? 500 : 200 }));
      expect(
        (
          await pix()
            .put(`/api-pix/v2/webhook/${key}`)
            .set(bearer(token))
            .send({ webhookUrl: receiver.url(erp) })
        ).status,
      ).toBe(200);
      const paid = await payCob(key, '12.34');
      const tries = await eventually(async () => (receiver.on(`${erp}/pix`).length >= 2 ? receiver.on(`${erp}/pix`) : undefined), 20_000);
      expect(tries[1]!.body).toBe(tries[0]!.body);
      expect((JSON.parse(tries[0]!.body) as PixCallback).pix[0]).toMatchObject({
        endToEndId: paid.endToEndId,
        txid: paid.txid,
        valor: '12.34',
      });
      const rows = await eventually(async () => {
        const r: { status: string; attempt_count: number }[] = await app
          .get(DataSource)
          .query(`SELECT status, attempt_count FROM pix_callbacks WHERE body LIKE $1`, [`%${paid.endToEndId}%`]);
        return r[0]?.status === 'delivered' ? r : undefined;
      });
      expect(rows).toEqual([{ status: 'delivered', attempt_count: 2 }]);
      expect(receiver.on(`${erp}/pix`)).toHaveLength(2);
    });
  });

  it('covered every webhook operation, and found no violation in any request or response', () => {
    const operations = new Set([...conformance.covered].map((c) => c.replace(/ \d{3}$/, '')));
    expect([...operations].sort()).toEqual([
      'DELETE /webhook/{chave}',
      'GET /webhook',
      'GET /webhook/{chave}',
      'PUT /cob/{txid}',
      'PUT /webhook/{chave}',
    ]);
    expect(conformance.covered).toEqual(
      new Set([
        'PUT /webhook/{chave} 200',
        'PUT /webhook/{chave} 400',
        'PUT /webhook/{chave} 403',
        'GET /webhook/{chave} 200',
        'GET /webhook/{chave} 403',
        'GET /webhook/{chave} 404',
        'DELETE /webhook/{chave} 204',
        'DELETE /webhook/{chave} 403',
        'DELETE /webhook/{chave} 404',
        'GET /webhook 200',
        'GET /webhook 403',
        'PUT /cob/{txid} 201',
      ]),
    );
    expect(conformance.acceptedDespiteMark).toEqual([]);
    expect(conformance.violations).toEqual([]);
  });
});
