import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiPixConformance, INVALID_ON_PURPOSE, newTxid } from '../support/api-pix-conformance.js';
import { clockOf, DAYTIME, http, newClient, startApp, type TestClient } from '../support/test-app.js';

const ERROR = 'https://pix.bcb.gov.br/api/v2/error/';
const freshTxid = () => newTxid('cf');
/** An end-to-end id no payment has (spec, EndToEndId: 32 letters and digits). */
const unknownE2e = () => `E99999004202603101500${randomBytes(8).toString('hex').slice(0, 11)}`;

interface Problema {
  type: string;
  status: number;
  violacoes?: { razao: string; propriedade?: string }[];
}

/**
 * API Pix `pix` and `devolucao` (docs/api-pix.md; docs/adr/0233, 0234) through the validating proxy of
 * test/support/api-pix-conformance.ts: every request and answer against docs/reference/api-pix-2.9.0.yaml, with
 * zero violations asserted and the operations covered listed.
 */
describe('API Pix pix and devolucao, every exchange validated against the specification', () => {
  let app: NestExpressApplication;
  let conformance: ApiPixConformance;
  let merchant: TestClient;
  let other: TestClient;
  let key: string;
  let token: string;
  /** A charge paid by an external payer (sandbox): its refunds go to the SPI and stay EM_PROCESSAMENTO here (no worker). */
  let paid: { e2eid: string; txid: string };
  /** A P2P transfer the merchant received: a Pix without txid. */
  let p2pE2e: string;

  const pix = () => conformance.http();
  const bearer = (t: string = token) => ({ Authorization: `Bearer ${t}` });
  const apiPixToken = async (c: TestClient, scope?: string) => {
    const res = await http(app)
      .post('/api-pix/oauth/token')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('Authorization', `Basic ${Buffer.from(`${c.keyId}:${c.secret}`).toString('base64')}`)
      .send(`grant_type=client_credentials${scope ? `&scope=${encodeURIComponent(scope)}` : ''}`);
    if (res.status !== 200) throw new Error(`token: ${res.status}`);
    return res.body.access_token as string;
  };
  const problemOf = (res: { headers: Record<string, string>; text: string }) => {
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    return JSON.parse(res.text) as Problema;
  };
  const window = () =>
    `inicio=${encodeURIComponent(new Date(DAYTIME.getTime() - 3_600_000).toISOString())}` +
    `&fim=${encodeURIComponent(new Date(DAYTIME.getTime() + 86_400_000).toISOString())}`;

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' });
    clockOf(app).set(DAYTIME);
    conformance = new ApiPixConformance(app);
    merchant = await newClient(app, { legal: true, name: 'Loja Exemplo Ltda' });
    other = await newClient(app, { balance: '100.00' });
    const registered = await http(app).post('/api/v1/pix/keys').set(merchant.auth).send({ key_type: 'EVP' });
    key = registered.body.data?.key_value ?? registered.body.key_value;
    token = await apiPixToken(merchant);
    const txid = freshTxid();
    const made = await pix()
      .put(`/api-pix/v2/cob/${txid}`)
      .set(bearer())
      .send({ calendario: { expiracao: 3600 }, valor: { original: '50.00' }, chave: key });
    expect(made.status).toBe(201);
    const chargeId = (made.body.location as string).split('/').pop()!;
    const payment = await http(app).post(`/api/v1/sandbox/cash-in/${chargeId}/pay`).set(merchant.auth).send({});
    expect(payment.status).toBe(200);
    paid = { e2eid: payment.body.data.end_to_end_id, txid };
    const sent = await http(app)
      .post('/api/v1/pix/p2p/transfers')
      .set(other.auth)
      .send({ to_account_id: merchant.accountId, amount: '7.00', description: 'Almoço' });
    expect(sent.status).toBe(201);
    p2pE2e = sent.body.data.end_to_end_id;
  });

  afterAll(() => app.close());

  describe('pix: received Pix', () => {
    it('GET /pix/{e2eid} reads a paid charge (with its txid and key) and a P2P transfer (with the payer message)', async () => {
      const charge = await pix().get(`/api-pix/v2/pix/${paid.e2eid}`).set(bearer());
      expect(charge.status).toBe(200);
      expect(charge.body).toMatchObject({ endToEndId: paid.e2eid, txid: paid.txid, valor: '50.00', chave: key, devolucoes: [] });
      const p2p = await pix().get(`/api-pix/v2/pix/${p2pE2e}`).set(bearer());
      expect(p2p.status).toBe(200);
      expect(p2p.body).toMatchObject({ endToEndId: p2pE2e, valor: '7.00', infoPagador: 'Almoço' });
      expect(p2p.body.txid).toBeUndefined();
    });

    it("another client's Pix, or an unknown e2eid, is PixNaoEncontrado", async () => {
      const theirs = await apiPixToken(other);
      for (const res of [
        await pix().get(`/api-pix/v2/pix/${paid.e2eid}`).set(bearer(theirs)),
        await pix().get(`/api-pix/v2/pix/${unknownE2e()}`).set(bearer()),
      ]) {
        expect(res.status).toBe(404);
        expect(problemOf(res)).toMatchObject({ type: `${ERROR}PixNaoEncontrado`, status: 404 });
      }
    });

    it('GET /pix lists the received Pix of the window, filtered and paged (PixConsultados)', async () => {
      const all = await pix().get(`/api-pix/v2/pix?${window()}`).set(bearer());
      expect(all.status).toBe(200);
      expect(all.body.pix.map((p: { endToEndId: string }) => p.endToEndId).sort()).toEqual([paid.e2eid, p2pE2e].sort());
      expect(all.body.parametros.paginacao).toEqual({
        paginaAtual: 0,
        itensPorPagina: 100,
        quantidadeDePaginas: 1,
        quantidadeTotalDeItens: 2,
      });
      const withTxid = await pix().get(`/api-pix/v2/pix?${window()}&txIdPresente=true`).set(bearer());
      expect(withTxid.body.pix.map((p: { endToEndId: string }) => p.endToEndId)).toEqual([paid.e2eid]);
      const byTxid = await pix().get(`/api-pix/v2/pix?${window()}&txid=${paid.txid}`).set(bearer());
      expect(byTxid.body.pix).toHaveLength(1);
      const withoutTxid = await pix().get(`/api-pix/v2/pix?${window()}&txIdPresente=false`).set(bearer());
      expect(withoutTxid.body.pix.map((p: { endToEndId: string }) => p.endToEndId)).toEqual([p2pE2e]);
      const paged = await pix().get(`/api-pix/v2/pix?${window()}&paginacao.itensPorPagina=1&paginacao.paginaAtual=1`).set(bearer());
      expect(paged.body.pix).toHaveLength(1);
      expect(paged.body.parametros.paginacao).toEqual({
        paginaAtual: 1,
        itensPorPagina: 1,
        quantidadeDePaginas: 2,
        quantidadeTotalDeItens: 2,
      });
      const byOtherCpf = await pix().get(`/api-pix/v2/pix?${window()}&cpf=12345678909`).set(bearer());
      expect(byOtherCpf.body.pix).toEqual([]);
      const earlier = await pix()
        .get(`/api-pix/v2/pix?inicio=${encodeURIComponent('2026-01-01T00:00:00Z')}&fim=${encodeURIComponent('2026-01-02T00:00:00Z')}`)
        .set(bearer());
      expect(earlier.body).toMatchObject({ pix: [], parametros: { paginacao: { quantidadeTotalDeItens: 0, quantidadeDePaginas: 1 } } });
    });

    it('GET /pix with a query the spec refuses is PixConsultaInvalida (the spec lists no 400 for it: asked outside the proxy)', async () => {
      const backwards = await http(app).get('/api-pix/v2/pix?inicio=2026-03-11T00:00:00Z&fim=2026-03-10T00:00:00Z').set(bearer());
      expect(backwards.status).toBe(400);
      expect(problemOf(backwards)).toMatchObject({
        type: `${ERROR}PixConsultaInvalida`,
        violacoes: [expect.objectContaining({ propriedade: 'fim' })],
      });
      const both = await http(app).get(`/api-pix/v2/pix?${window()}&cpf=12345678909&cnpj=12345678000195`).set(bearer());
      expect(problemOf(both).violacoes).toEqual([expect.objectContaining({ propriedade: 'cnpj' })]);
      const none = await http(app).get('/api-pix/v2/pix').set(bearer());
      expect(problemOf(none).violacoes!.map((v) => v.propriedade)).toEqual(['inicio', 'fim']);
    });
  });

  describe('devolucao: refunds of a received Pix', () => {
    it('PUT makes the refund (EM_PROCESSAMENTO to another institution), the same PUT again answers it, GET reads it', async () => {
      const res = await pix().put(`/api-pix/v2/pix/${paid.e2eid}/devolucao/a1`).set(bearer()).send({ valor: '10.00' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ id: 'a1', valor: '10.00', natureza: 'ORIGINAL', status: 'EM_PROCESSAMENTO' });
      expect(res.body.horario.liquidacao).toBeUndefined();
      const again = await pix().put(`/api-pix/v2/pix/${paid.e2eid}/devolucao/a1`).set(bearer()).send({ valor: '10.00' });
      expect([again.status, again.body]).toEqual([201, res.body]);
      const read = await pix().get(`/api-pix/v2/pix/${paid.e2eid}/devolucao/a1`).set(bearer());
      expect([read.status, read.body]).toEqual([200, res.body]);
      const withIt = await pix().get(`/api-pix/v2/pix/${paid.e2eid}`).set(bearer());
      expect(withIt.body.devolucoes).toEqual([res.body]);
      // The one reversal of the client API, under its name there.
      const v1 = await http(app).get(`/api/v1/pix/reversals?end_to_end_id=${paid.e2eid}`).set(merchant.auth);
      expect(v1.body.data).toEqual([
        expect.objectContaining({
          external_id: `${paid.e2eid}:a1`,
          refund_end_to_end_id: res.body.rtrId,
          refund_code: 'MD06',
          status: 'queued',
        }),
      ]);
    });

    it('the same id with another body, more than is left, RETIRADA of an ordinary Pix, a MED nature (outside the schema): PixDevolucaoInvalida', async () => {
      const reused = await pix().put(`/api-pix/v2/pix/${paid.e2eid}/devolucao/a1`).set(bearer()).send({ valor: '11.00' });
      expect(reused.status).toBe(400);
      expect(problemOf(reused)).toMatchObject({
        type: `${ERROR}PixDevolucaoInvalida`,
        violacoes: [expect.objectContaining({ propriedade: 'id' })],
      });
      const over = await pix().put(`/api-pix/v2/pix/${paid.e2eid}/devolucao/a2`).set(bearer()).send({ valor: '40.01' });
      expect(problemOf(over)).toMatchObject({
        type: `${ERROR}PixDevolucaoInvalida`,
        violacoes: [
          expect.objectContaining({
            propriedade: 'devolucao.valor',
            razao: expect.stringContaining('excederia o valor do pix originário'),
          }),
        ],
      });
      const retirada = await pix()
        .put(`/api-pix/v2/pix/${paid.e2eid}/devolucao/a3`)
        .set(bearer())
        .send({ valor: '1.00', natureza: 'RETIRADA' });
      expect(problemOf(retirada).violacoes).toEqual([expect.objectContaining({ propriedade: 'devolucao.natureza' })]);
      const med = await pix()
        .put(`/api-pix/v2/pix/${paid.e2eid}/devolucao/a4`)
        .set(bearer())
        .set(INVALID_ON_PURPOSE, '1')
        .send({ valor: '1.00', natureza: 'MED_FRAUDE' });
      expect(problemOf(med).violacoes).toEqual([expect.objectContaining({ propriedade: 'devolucao.natureza' })]);
      const badValor = await pix()
        .put(`/api-pix/v2/pix/${paid.e2eid}/devolucao/a5`)
        .set(bearer())
        .set(INVALID_ON_PURPOSE, '1')
        .send({ valor: '1' });
      expect(problemOf(badValor).violacoes).toEqual([expect.objectContaining({ propriedade: 'devolucao.valor' })]);
      // Nothing of these was made: what is left is still 40.00.
      const rest = await pix().put(`/api-pix/v2/pix/${paid.e2eid}/devolucao/a6`).set(bearer()).send({ valor: '40.00', descricao: 'Resto' });
      expect(rest.status).toBe(201);
    });

    it('a refund of a Pix not received by the caller, or an id never used, is not found', async () => {
      const theirs = await apiPixToken(other);
      const notMine = await pix().put(`/api-pix/v2/pix/${paid.e2eid}/devolucao/b1`).set(bearer(theirs)).send({ valor: '1.00' });
      expect(notMine.status).toBe(404);
      expect(problemOf(notMine).type).toBe(`${ERROR}PixNaoEncontrado`);
      for (const res of [
        await pix().get(`/api-pix/v2/pix/${paid.e2eid}/devolucao/nunca`).set(bearer()),
        await pix().get(`/api-pix/v2/pix/${paid.e2eid}/devolucao/a1`).set(bearer(theirs)),
      ]) {
        expect(res.status).toBe(404);
        expect(problemOf(res).type).toBe(`${ERROR}PixDevolucaoNaoEncontrada`);
      }
    });

    it('a reversal made through the client API is read as a devolucao by its external_id', async () => {
      const made = await http(app)
        .post('/api/v1/pix/reversals')
        .set(merchant.auth)
        .send({ amount: '2.00', external_id: 'v1refund7', end_to_end_id: p2pE2e });
      expect(made.status).toBe(200);
      const read = await pix().get(`/api-pix/v2/pix/${p2pE2e}/devolucao/v1refund7`).set(bearer());
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: 'v1refund7', valor: '2.00', status: 'DEVOLVIDO', horario: { liquidacao: expect.any(String) } });
    });
  });

  it('a token without the operation scope is AcessoNegado', async () => {
    const cobOnly = await apiPixToken(merchant, 'cob.read');
    for (const res of [
      await pix().get(`/api-pix/v2/pix/${paid.e2eid}`).set(bearer(cobOnly)),
      await pix().get(`/api-pix/v2/pix?${window()}`).set(bearer(cobOnly)),
      await pix().put(`/api-pix/v2/pix/${paid.e2eid}/devolucao/c1`).set(bearer(cobOnly)).send({ valor: '1.00' }),
      await pix().get(`/api-pix/v2/pix/${paid.e2eid}/devolucao/a1`).set(bearer(cobOnly)),
    ]) {
      expect(res.status).toBe(403);
      expect(problemOf(res).type).toBe(`${ERROR}AcessoNegado`);
    }
  });

  it('covered every operation built, and found no violation in any request or response', () => {
    const pixOperations = [...conformance.covered].filter((c) => / \/pix/.test(c));
    expect(pixOperations.sort()).toEqual([
      'GET /pix 200',
      'GET /pix 403',
      'GET /pix/{e2eid} 200',
      'GET /pix/{e2eid} 403',
      'GET /pix/{e2eid} 404',
      'GET /pix/{e2eid}/devolucao/{id} 200',
      'GET /pix/{e2eid}/devolucao/{id} 403',
      'GET /pix/{e2eid}/devolucao/{id} 404',
      'PUT /pix/{e2eid}/devolucao/{id} 201',
      'PUT /pix/{e2eid}/devolucao/{id} 400',
      'PUT /pix/{e2eid}/devolucao/{id} 403',
      'PUT /pix/{e2eid}/devolucao/{id} 404',
    ]);
    expect(conformance.acceptedDespiteMark).toEqual([]);
    expect(conformance.violations).toEqual([]);
  });
});
