import type { NestExpressApplication } from '@nestjs/platform-express';
import { CreateApiKeyUseCase } from '../../src/modules/identity/application/create-api-key.use-case.js';
import { randomCpf } from '../support/documents.js';
import { ApiPixConformance, INVALID_ON_PURPOSE, newTxid } from '../support/api-pix-conformance.js';
import { http, newAdminWithKey, newClient, startApp, type TestClient } from '../support/test-app.js';

/** A txid of the merchant's own (spec, TxId: 26 to 35 letters and digits), unique per run. */
const freshTxid = () => newTxid('pedido');

interface Problema {
  type: string;
  title: string;
  status: number;
  detail?: string;
  violacoes?: { razao: string; propriedade?: string }[];
}

const ERROR = 'https://pix.bcb.gov.br/api/v2/error/';

describe('API Pix (docs/reference/api-pix-2.9.0.yaml): token, cob, and every exchange validated against the specification', () => {
  let app: NestExpressApplication;
  let conformance: ApiPixConformance;
  let merchant: TestClient;
  let other: TestClient;
  let merchantKey: string;
  let token: string;

  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const tokenRequest = (form: string, authorization?: string) => {
    const r = http(app).post('/api-pix/oauth/token').set('Content-Type', 'application/x-www-form-urlencoded');
    return (authorization ? r.set('Authorization', authorization) : r).send(form);
  };
  const apiPixToken = async (c: { keyId: string; secret: string }, scope?: string) => {
    const res = await tokenRequest(
      `grant_type=client_credentials${scope ? `&scope=${encodeURIComponent(scope)}` : ''}`,
      basic(c.keyId, c.secret),
    );
    if (res.status !== 200) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.access_token as string;
  };
  const pix = () => conformance.http();
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
  const cobBody = (extra: object = {}) => ({
    calendario: { expiracao: 3600 },
    devedor: { cpf: randomCpf(), nome: 'Francisco da Silva' },
    valor: { original: '37.00' },
    chave: merchantKey,
    solicitacaoPagador: 'Serviço realizado.',
    infoAdicionais: [{ nome: 'Campo 1', valor: 'Informação Adicional1 do PSP-Recebedor' }],
    ...extra,
  });
  const problemOf = (res: { headers: Record<string, string>; body: unknown; text: string }) => {
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    return JSON.parse(res.text) as Problema;
  };

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' });
    conformance = new ApiPixConformance(app);
    merchant = await newClient(app, { legal: true, name: 'Loja Exemplo Ltda' });
    other = await newClient(app);
    const key = await http(app).post('/api/v1/pix/keys').set(merchant.auth).send({ key_type: 'EVP' });
    expect(key.status).toBe(200);
    merchantKey = key.body.data?.key_value ?? key.body.key_value;
    token = await apiPixToken(merchant);
  });

  afterAll(() => app.close());

  describe('the token endpoint (RFC 6749 client credentials; docs/adr/0228-api-pix-client-credentials.md)', () => {
    it('gives a Bearer token for the key pair by HTTP Basic, with the API Pix scopes the key allows, not cached', async () => {
      const res = await tokenRequest('grant_type=client_credentials', basic(merchant.keyId, merchant.secret));
      expect(res.status).toBe(200);
      // RFC 6749 §5.1: no-store, token_type, expires_in.
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
      expect(res.body.scope.split(' ')).toEqual(expect.arrayContaining(['cob.write', 'cob.read', 'pix.read', 'pix.write', 'webhook.read']));
      expect(typeof res.body.access_token).toBe('string');
    });

    it('takes client_id and client_secret in the form too, and narrows to the scope asked', async () => {
      const res = await tokenRequest(
        `grant_type=client_credentials&client_id=${merchant.keyId}&client_secret=${encodeURIComponent(merchant.secret)}&scope=cob.read`,
      );
      expect(res.status).toBe(200);
      expect(res.body.scope).toBe('cob.read');
    });

    it('answers RFC 6749 §5.2 errors', async () => {
      const wrong = await tokenRequest('grant_type=client_credentials', basic(merchant.keyId, 'not-the-secret'));
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toBe('invalid_client');
      expect(wrong.headers['www-authenticate']).toMatch(/^Basic /);
      expect(wrong.headers['cache-control']).toBe('no-store');

      const grant = await tokenRequest('grant_type=password', basic(merchant.keyId, merchant.secret));
      expect([grant.status, grant.body.error]).toEqual([400, 'unsupported_grant_type']);
      const noGrant = await tokenRequest('scope=cob.read', basic(merchant.keyId, merchant.secret));
      expect([noGrant.status, noGrant.body.error]).toEqual([400, 'invalid_request']);
      const twice = await tokenRequest(
        `grant_type=client_credentials&client_id=${merchant.keyId}&client_secret=x`,
        basic(merchant.keyId, merchant.secret),
      );
      expect([twice.status, twice.body.error]).toEqual([400, 'invalid_request']);
      const json = await http(app)
        .post('/api-pix/oauth/token')
        .set('Authorization', basic(merchant.keyId, merchant.secret))
        .send({ grant_type: 'client_credentials' });
      expect([json.status, json.body.error]).toEqual([400, 'invalid_request']);
      const unknown = await tokenRequest(
        'grant_type=client_credentials&scope=cob.read%20rec.write',
        basic(merchant.keyId, merchant.secret),
      );
      expect([unknown.status, unknown.body.error]).toEqual([400, 'invalid_scope']);
    });

    it('grants only API Pix scopes whose service scopes the key holds; an admin key is no API Pix client', async () => {
      const key = await app.get(CreateApiKeyUseCase).execute('client', merchant.clientId, ['pix:cashin:read']);
      const reader = { keyId: key.key_id, secret: key.secret_key };
      const all = await tokenRequest('grant_type=client_credentials', basic(reader.keyId, reader.secret));
      expect(all.status).toBe(200);
      expect(all.body.scope).toBe('cob.read cobv.read payloadlocation.read');
      const more = await tokenRequest('grant_type=client_credentials&scope=cob.write', basic(reader.keyId, reader.secret));
      expect([more.status, more.body.error]).toEqual([400, 'invalid_scope']);

      const admin = await newAdminWithKey(app);
      const asAdmin = await tokenRequest('grant_type=client_credentials', basic(admin.keyId, admin.secret));
      expect([asAdmin.status, asAdmin.body.error]).toEqual([400, 'unauthorized_client']);
    });
  });

  describe('cob through the validating proxy', () => {
    it('PUT /cob/{txid} makes a charge with the merchant txid; the client API reads it; a second PUT is refused', async () => {
      const txid = freshTxid();
      const res = await pix().put(`/api-pix/v2/cob/${txid}`).set(bearer(token)).send(cobBody());
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        txid,
        revisao: 0,
        status: 'ATIVA',
        valor: { original: '37.00' },
        chave: merchantKey,
        calendario: { expiracao: 3600 },
        solicitacaoPagador: 'Serviço realizado.',
      });
      // The location is the payload location of docs/adr/0205-payload-location.md, and the code points at it.
      const id = /\/qr\/v2\/([0-9a-f-]{36})$/.exec(res.body.location as string)![1]!;
      expect(res.body.location).toBe(`https://pix.sandbox.local/qr/v2/${id}`);
      expect(res.body.pixCopiaECola).toContain(`pix.sandbox.local/qr/v2/${id}`);

      const same = await http(app).get(`/api/v1/pix/cash-in/${id}`).set(merchant.auth);
      expect(same.status).toBe(200);
      expect(same.body.data).toMatchObject({ conciliation_id: txid, amount: '37.00', status: 'pending', pix_key: merchantKey });

      const again = await pix().put(`/api-pix/v2/cob/${txid}`).set(bearer(token)).send(cobBody());
      expect(again.status).toBe(400);
      const p = problemOf(again);
      expect(p).toMatchObject({ type: `${ERROR}CobOperacaoInvalida`, status: 400 });
      expect(p.violacoes).toEqual(expect.arrayContaining([expect.objectContaining({ propriedade: 'cob.txid' })]));

      // The txid is unique per merchant, not across the institution (spec, TxId).
      const otherToken = await apiPixToken(other);
      const otherKey = await http(app).post('/api/v1/pix/keys').set(other.auth).send({ key_type: 'EVP' });
      const theirs = await pix()
        .put(`/api-pix/v2/cob/${txid}`)
        .set(bearer(otherToken))
        .send(cobBody({ chave: otherKey.body.data?.key_value ?? otherKey.body.key_value }));
      expect(theirs.status).toBe(201);
    });

    it('POST /cob draws the txid; GET /cob/{txid} reads it (CobCompleta), also at its current revisao', async () => {
      const made = await pix()
        .post('/api-pix/v2/cob')
        .set(bearer(token))
        .send(cobBody({ devedor: undefined }));
      expect(made.status).toBe(201);
      expect(made.body.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
      expect(made.body.devedor).toBeUndefined();
      const read = await pix().get(`/api-pix/v2/cob/${made.body.txid}`).set(bearer(token));
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ txid: made.body.txid, status: 'ATIVA', revisao: 0, location: made.body.location });
      const current = await pix().get(`/api-pix/v2/cob/${made.body.txid}?revisao=0`).set(bearer(token));
      expect(current.status).toBe(200);
      // Only the current revision is kept (docs/adr/0229-cob-over-the-same-charges.md): the spec's CobConsultaInvalida.
      const older = await pix().get(`/api-pix/v2/cob/${made.body.txid}?revisao=7`).set(bearer(token));
      expect(older.status).toBe(400);
      expect(problemOf(older).type).toBe(`${ERROR}CobConsultaInvalida`);
    });

    it('a charge made through the client API is read through API Pix by its txid', async () => {
      const made = await http(app).post('/api/v1/pix/cash-in/qrcode').set(merchant.auth).send({ amount: '12.34', reference: 'erp-1' });
      expect(made.status).toBe(200);
      const read = await pix().get(`/api-pix/v2/cob/${made.body.conciliation_id}`).set(bearer(token));
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ txid: made.body.conciliation_id, valor: { original: '12.34' }, status: 'ATIVA' });
      expect(read.body.location).toBe(`https://pix.sandbox.local/qr/v2/${made.body.transaction_id}`);
    });

    it('PATCH /cob/{txid} revises (revisao + 1), then removes it; a removed charge is not revised again', async () => {
      const txid = freshTxid();
      expect((await pix().put(`/api-pix/v2/cob/${txid}`).set(bearer(token)).send(cobBody())).status).toBe(201);
      const revised = await pix()
        .patch(`/api-pix/v2/cob/${txid}`)
        .set(bearer(token))
        .send({
          solicitacaoPagador: 'Cobrança revisada.',
          calendario: { expiracao: 7200 },
          devedor: { cnpj: '12345678000195', nome: 'Empresa de Serviços SA' },
        });
      expect(revised.status).toBe(200);
      // spec, PATCH /cob/{txid} 200: "A revisão deve ser incrementada em 1."
      expect(revised.body).toMatchObject({ revisao: 1, solicitacaoPagador: 'Cobrança revisada.', calendario: { expiracao: 7200 } });
      expect(revised.body.devedor).toEqual({ cnpj: '12345678000195', nome: 'Empresa de Serviços SA' });

      const removed = await pix().patch(`/api-pix/v2/cob/${txid}`).set(bearer(token)).send({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
      expect(removed.status).toBe(200);
      expect(removed.body).toMatchObject({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revisao: 2 });

      const again = await pix().patch(`/api-pix/v2/cob/${txid}`).set(bearer(token)).send({ solicitacaoPagador: 'De novo.' });
      expect(again.status).toBe(400);
      expect(problemOf(again).type).toBe(`${ERROR}CobOperacaoInvalida`);
      const both = await pix()
        .patch(`/api-pix/v2/cob/${txid}`)
        .set(bearer(token))
        .send({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', solicitacaoPagador: 'x' });
      expect(both.status).toBe(400);
    });

    it('a paid charge is CONCLUIDA with its pix', async () => {
      const txid = freshTxid();
      const made = await pix().put(`/api-pix/v2/cob/${txid}`).set(bearer(token)).send(cobBody());
      const id = (made.body.location as string).split('/').pop()!;
      const paid = await http(app).post(`/api/v1/sandbox/cash-in/${id}/pay`).set(merchant.auth).send({});
      expect(paid.status).toBe(200);
      const read = await pix().get(`/api-pix/v2/cob/${txid}`).set(bearer(token));
      expect(read.status).toBe(200);
      expect(read.body.status).toBe('CONCLUIDA');
      expect(read.body.pix).toEqual([expect.objectContaining({ endToEndId: paid.body.data.end_to_end_id, txid, valor: '37.00' })]);
    });

    it('invalid bodies are CobOperacaoInvalida naming each property in violacoes', async () => {
      const res = await pix()
        .put(`/api-pix/v2/cob/${freshTxid()}`)
        .set(bearer(token))
        .set(INVALID_ON_PURPOSE, '1')
        .send(cobBody({ valor: { original: '10' }, calendario: { expiracao: 0 } }));
      expect(res.status).toBe(400);
      const p = problemOf(res);
      expect(p).toMatchObject({ type: `${ERROR}CobOperacaoInvalida`, title: 'Cobrança inválida.', status: 400 });
      expect(p.violacoes!.map((v) => v.propriedade).sort()).toEqual(['cob.calendario.expiracao', 'cob.valor.original']);

      // The spec's CobSolicitada requires calendario and valor: leaving either out is a 400 naming it.
      for (const left of ['calendario', 'valor'] as const) {
        const { [left]: _omitted, ...rest } = cobBody();
        const missing = await pix().put(`/api-pix/v2/cob/${freshTxid()}`).set(bearer(token)).set(INVALID_ON_PURPOSE, '1').send(rest);
        expect(missing.status).toBe(400);
        expect(problemOf(missing).type).toBe(`${ERROR}CobOperacaoInvalida`);
        expect(problemOf(missing).violacoes).toEqual([expect.objectContaining({ propriedade: `cob.${left}` })]);
      }

      // Valid by the schema, refused by the rules the spec lists: a zero amount, a key of somebody else.
      const zero = await pix()
        .put(`/api-pix/v2/cob/${freshTxid()}`)
        .set(bearer(token))
        .send(cobBody({ valor: { original: '0.00' } }));
      expect(problemOf(zero).violacoes).toEqual([expect.objectContaining({ propriedade: 'cob.valor.original' })]);
      const notMine = await pix()
        .put(`/api-pix/v2/cob/${freshTxid()}`)
        .set(bearer(token))
        .send(cobBody({ chave: 'maria@example.com' }));
      expect(notMine.status).toBe(400);
      expect(problemOf(notMine).violacoes).toEqual([expect.objectContaining({ propriedade: 'cob.chave' })]);
      const badTxid = await pix().put('/api-pix/v2/cob/short').set(bearer(token)).set(INVALID_ON_PURPOSE, '1').send(cobBody());
      expect(problemOf(badTxid).violacoes).toEqual([expect.objectContaining({ propriedade: 'cob.txid' })]);
    });

    it("another client's txid is not found (CobNaoEncontrado), as a txid never used", async () => {
      const txid = freshTxid();
      expect((await pix().put(`/api-pix/v2/cob/${txid}`).set(bearer(token)).send(cobBody())).status).toBe(201);
      const theirs = await apiPixToken(other);
      for (const res of [
        await pix().get(`/api-pix/v2/cob/${txid}`).set(bearer(theirs)),
        await pix().get(`/api-pix/v2/cob/${freshTxid()}`).set(bearer(token)),
        await pix().patch(`/api-pix/v2/cob/${txid}`).set(bearer(theirs)).send({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }),
      ]) {
        expect(res.status).toBe(404);
        expect(problemOf(res)).toMatchObject({ type: `${ERROR}CobNaoEncontrado`, status: 404 });
      }
    });

    it('a token without the operation scope is 403 AcessoNegado; a client API token is not an API Pix token', async () => {
      const reader = await apiPixToken(merchant, 'cob.read');
      const res = await pix().post('/api-pix/v2/cob').set(bearer(reader)).send(cobBody());
      expect(res.status).toBe(403);
      expect(problemOf(res)).toMatchObject({ type: `${ERROR}AcessoNegado`, status: 403 });
      for (const denied of [
        await pix().put(`/api-pix/v2/cob/${freshTxid()}`).set(bearer(reader)).send(cobBody()),
        await pix().patch(`/api-pix/v2/cob/${freshTxid()}`).set(bearer(reader)).send({ solicitacaoPagador: 'x' }),
      ]) {
        expect(problemOf(denied).type).toBe(`${ERROR}AcessoNegado`);
      }
      const serviceToken = await pix().get(`/api-pix/v2/cob/${freshTxid()}`).set(merchant.auth);
      expect(problemOf(serviceToken).type).toBe(`${ERROR}AcessoNegado`);
    });

    it('covered every operation built, and found no violation in any request or response', () => {
      const operations = new Set([...conformance.covered].map((c) => c.replace(/ \d{3}$/, '')));
      expect([...operations].sort()).toEqual(['GET /cob/{txid}', 'PATCH /cob/{txid}', 'POST /cob', 'PUT /cob/{txid}']);
      expect(conformance.covered).toEqual(
        new Set([
          'PUT /cob/{txid} 201',
          'PUT /cob/{txid} 400',
          'PUT /cob/{txid} 403',
          'POST /cob 201',
          'POST /cob 403',
          'GET /cob/{txid} 200',
          'GET /cob/{txid} 400',
          'GET /cob/{txid} 403',
          'GET /cob/{txid} 404',
          'PATCH /cob/{txid} 200',
          'PATCH /cob/{txid} 400',
          'PATCH /cob/{txid} 403',
          'PATCH /cob/{txid} 404',
        ]),
      );
      expect(conformance.acceptedDespiteMark).toEqual([]);
      expect(conformance.violations).toEqual([]);
    });
  });

  describe('outside the specification: 401, unknown paths, and the client API untouched', () => {
    it('no token or a bad one is 401 with WWW-Authenticate: Bearer (RFC 6750) and a problem', async () => {
      const none = await http(app).get(`/api-pix/v2/cob/${freshTxid()}`);
      expect(none.status).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="api-pix"');
      expect(problemOf(none).status).toBe(401);
      const bad = await http(app).get(`/api-pix/v2/cob/${freshTxid()}`).set('Authorization', 'Bearer not.a.token');
      expect(bad.headers['www-authenticate']).toBe('Bearer realm="api-pix", error="invalid_token"');
    });

    it('an unknown API Pix path is a NaoEncontrado problem; the client API keeps its own error body', async () => {
      const res = await http(app).get('/api-pix/v2/nada').set(bearer(token));
      expect(res.status).toBe(404);
      expect(problemOf(res).type).toBe(`${ERROR}NaoEncontrado`);
      const v1 = await http(app).get('/api/v1/pix/cash-in/not-a-uuid').set(bearer(token));
      expect(v1.headers['content-type']).toMatch(/^application\/json/);
      expect(v1.body).toMatchObject({ success: false, error: { code: expect.any(String) } });
      // An API Pix token holds no client API scope (docs/adr/0228-api-pix-client-credentials.md).
      const scoped = await http(app).post('/api/v1/pix/cash-in/qrcode').set(bearer(token)).send({ amount: '1.00', reference: 'x' });
      expect([scoped.status, scoped.body.error.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    });
  });
});

describe('API Pix behind mutual TLS (API_PIX_CLIENT_CERT_HEADER)', () => {
  let app: NestExpressApplication;
  let merchant: TestClient;

  beforeAll(async () => {
    app = await startApp({ appRole: 'api', apiPixClientCertHeader: 'x-client-cert' });
    merchant = await newClient(app);
  });

  afterAll(() => app.close());

  it('refuses API Pix requests the proxy passed no verified certificate with, and serves those it did', async () => {
    const auth = `Basic ${Buffer.from(`${merchant.keyId}:${merchant.secret}`).toString('base64')}`;
    const form = (r: ReturnType<ReturnType<typeof http>['post']>) =>
      r.set('Content-Type', 'application/x-www-form-urlencoded').set('Authorization', auth).send('grant_type=client_credentials');
    const without = await form(http(app).post('/api-pix/oauth/token'));
    expect([without.status, without.body.error]).toEqual([401, 'invalid_client']);
    const withCert = await form(http(app).post('/api-pix/oauth/token').set('x-client-cert', 'MIIB...verified-by-the-proxy'));
    expect(withCert.status).toBe(200);
    const api = await http(app)
      .get('/api-pix/v2/cob/abcdefghijklmnopqrstuvwxyz')
      .set('Authorization', `Bearer ${withCert.body.access_token}`);
    expect(api.status).toBe(401);
    // The client API is not behind it.
    expect((await http(app).get('/health')).status).toBe(200);
  });
});
