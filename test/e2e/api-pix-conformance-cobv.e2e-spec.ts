import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomCnpj, randomCpf } from '../support/documents.js';
import { ApiPixConformance, INVALID_ON_PURPOSE, newTxid } from '../support/api-pix-conformance.js';
import { clockOf, DAYTIME, http, newClient, startApp, type TestClient } from '../support/test-app.js';

/** A txid of the merchant's own (spec, TxId: 26 to 35 letters and digits), unique per run. */
const freshTxid = () => newTxid('fatura');

interface Problema {
  type: string;
  title: string;
  status: number;
  violacoes?: { razao: string; propriedade?: string }[];
}

const ERROR = 'https://pix.bcb.gov.br/api/v2/error/';
/** The app's clock starts at DAYTIME (2026-03-10, 12:00 in São Paulo); charges are made one minute apart from it. */
const at = (minute: number) => new Date(DAYTIME.getTime() + minute * 60_000);
const WINDOW = { inicio: '2026-03-10T00:00:00Z', fim: '2026-03-11T00:00:00Z' };

describe('API Pix GET /cob and cobv (docs/api-pix.md), every exchange validated against the specification', () => {
  let app: NestExpressApplication;
  let conformance: ApiPixConformance;
  let merchant: TestClient;
  let other: TestClient;
  let merchantKey: string;
  let otherKey: string;
  let token: string;
  let otherToken: string;
  const payerCpf = randomCpf();
  const payerCnpj = randomCnpj();

  const pix = () => conformance.http();
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
  const problemOf = (res: { headers: Record<string, string>; text: string }) => {
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    return JSON.parse(res.text) as Problema;
  };
  const apiPixToken = async (c: TestClient, scope?: string) => {
    const res = await http(app)
      .post('/api-pix/oauth/token')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('Authorization', `Basic ${Buffer.from(`${c.keyId}:${c.secret}`).toString('base64')}`)
      .send(`grant_type=client_credentials${scope ? `&scope=${encodeURIComponent(scope)}` : ''}`);
    expect(res.status).toBe(200);
    return res.body.access_token as string;
  };
  const keyOf = async (c: TestClient) => {
    const key = await http(app).post('/api/v1/pix/keys').set(c.auth).send({ key_type: 'EVP' });
    expect(key.status).toBe(200);
    return (key.body.data?.key_value ?? key.body.key_value) as string;
  };
  const cobvBody = (extra: object = {}) => ({
    calendario: { dataDeVencimento: '2026-03-20', validadeAposVencimento: 30 },
    devedor: {
      logradouro: 'Alameda Souza, Numero 80, Bairro Braz',
      cidade: 'Recife',
      uf: 'PE',
      cep: '70011750',
      cpf: payerCpf,
      nome: 'Francisco da Silva',
    },
    valor: {
      original: '123.45',
      multa: { modalidade: 2, valorPerc: '15.00' },
      juros: { modalidade: 2, valorPerc: '2.00' },
      desconto: { modalidade: 1, descontoDataFixa: [{ data: '2026-03-15', valorPerc: '30.00' }] },
    },
    chave: merchantKey,
    solicitacaoPagador: 'Cobrança dos serviços prestados.',
    ...extra,
  });
  const putCobV = async (minute: number, body: object = cobvBody(), txid = freshTxid()) => {
    clockOf(app).set(at(minute));
    const res = await pix().put(`/api-pix/v2/cobv/${txid}`).set(bearer(token)).send(body);
    if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
    return res.body as { txid: string; location: string };
  };
  const putCob = async (minute: number, devedor?: object) => {
    clockOf(app).set(at(minute));
    const res = await pix()
      .put(`/api-pix/v2/cob/${freshTxid()}`)
      .set(bearer(token))
      .send({ calendario: { expiracao: 86_400 }, valor: { original: '10.00' }, chave: merchantKey, ...(devedor ? { devedor } : {}) });
    expect(res.status).toBe(201);
    return res.body as { txid: string; location: string };
  };
  const idOf = (location: string) => location.split('/').pop()!;

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' });
    conformance = new ApiPixConformance(app);
    merchant = await newClient(app, { legal: true, name: 'Loja Exemplo Ltda' });
    other = await newClient(app, { legal: true, name: 'Concorrente Vizinho Ltda' });
    merchantKey = await keyOf(merchant);
    otherKey = await keyOf(other);
    token = await apiPixToken(merchant);
    otherToken = await apiPixToken(other);
  });

  afterAll(() => app.close());

  describe('GET /cob: the charge list, immediate charges only', () => {
    const made: Record<'byCpf' | 'byCnpj' | 'plain' | 'cancelled' | 'nextDay', string> = {} as never;

    beforeAll(async () => {
      made.byCpf = (await putCob(0, { cpf: payerCpf, nome: 'Francisco da Silva' })).txid;
      made.byCnpj = (await putCob(1, { cnpj: payerCnpj, nome: 'Empresa de Serviços SA' })).txid;
      made.plain = (await putCob(2)).txid;
      made.cancelled = (await putCob(3)).txid;
      await putCobV(4); // a due-date charge, never in GET /cob
      made.nextDay = (await putCob(24 * 60)).txid;
      // Another client's charge in the same window, with the same payer.
      clockOf(app).set(at(5));
      const theirs = await pix()
        .put(`/api-pix/v2/cob/${freshTxid()}`)
        .set(bearer(otherToken))
        .send({ calendario: { expiracao: 3600 }, valor: { original: '1.00' }, chave: otherKey, devedor: { cpf: payerCpf, nome: 'F' } });
      expect(theirs.status).toBe(201);
      const removed = await pix()
        .patch(`/api-pix/v2/cob/${made.cancelled}`)
        .set(bearer(token))
        .send({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
      expect(removed.status).toBe(200);
      // Back before any of them lapses (a day each).
      clockOf(app).set(at(30));
    });

    const list = async (query: Record<string, string | number | boolean>, t = token) => {
      const res = await pix().get('/api-pix/v2/cob').query(query).set(bearer(t));
      expect(res.status).toBe(200);
      return res.body as { parametros: Record<string, unknown> & { paginacao: Record<string, number> }; cobs: { txid: string }[] };
    };
    const txidsOf = async (query: Record<string, string | number | boolean>, t = token) => (await list(query, t)).cobs.map((c) => c.txid);

    it('lists the caller’s immediate charges created between inicio and fim, newest first, as CobsConsultadas', async () => {
      const body = await list(WINDOW);
      expect(body.cobs.map((c) => c.txid)).toEqual([made.cancelled, made.plain, made.byCnpj, made.byCpf]);
      expect(body.parametros).toEqual({
        ...WINDOW,
        paginacao: { paginaAtual: 0, itensPorPagina: 100, quantidadeDePaginas: 1, quantidadeTotalDeItens: 4 },
      });
      expect(body.cobs[0]).toMatchObject({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', idCob: expect.any(String) });
      expect(await txidsOf({ inicio: '2026-03-10T00:00:00Z', fim: '2026-03-12T00:00:00Z' })).toEqual([
        made.nextDay,
        made.cancelled,
        made.plain,
        made.byCnpj,
        made.byCpf,
      ]);
      // Both bounds are inclusive, and any offset is read as the instant it names.
      expect(await txidsOf({ inicio: at(1).toISOString(), fim: '2026-03-10T12:02:30-03:00' })).toEqual([made.plain, made.byCnpj]);
    });

    it('filters by the payer’s cpf or cnpj, by status and by locationPresente', async () => {
      expect(await txidsOf({ ...WINDOW, cpf: payerCpf })).toEqual([made.byCpf]);
      expect(await txidsOf({ ...WINDOW, cnpj: payerCnpj })).toEqual([made.byCnpj]);
      expect(await txidsOf({ ...WINDOW, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' })).toEqual([made.cancelled]);
      expect(await txidsOf({ ...WINDOW, status: 'ATIVA' })).toEqual([made.plain, made.byCnpj, made.byCpf]);
      expect(await txidsOf({ ...WINDOW, status: 'CONCLUIDA' })).toEqual([]);
      const withLocation = await list({ ...WINDOW, locationPresente: true });
      expect(withLocation.cobs).toHaveLength(4);
      expect(withLocation.parametros.locationPresente).toBe(true);
      // Every charge has its payload location.
      expect(await txidsOf({ ...WINDOW, locationPresente: false })).toEqual([]);
    });

    it('pages with paginacao.paginaAtual and paginacao.itensPorPagina, counting pages and items', async () => {
      const first = await list({ ...WINDOW, 'paginacao.itensPorPagina': 3 });
      expect(first.cobs.map((c) => c.txid)).toEqual([made.cancelled, made.plain, made.byCnpj]);
      expect(first.parametros.paginacao).toEqual({ paginaAtual: 0, itensPorPagina: 3, quantidadeDePaginas: 2, quantidadeTotalDeItens: 4 });
      const second = await list({ ...WINDOW, 'paginacao.itensPorPagina': 3, 'paginacao.paginaAtual': 1 });
      expect(second.cobs.map((c) => c.txid)).toEqual([made.byCpf]);
      const past = await list({ ...WINDOW, 'paginacao.itensPorPagina': 3, 'paginacao.paginaAtual': 5 });
      expect(past.cobs).toEqual([]);
      expect(past.parametros.paginacao.quantidadeTotalDeItens).toBe(4);
    });

    it('shows each client only its own charges', async () => {
      const theirs = await list(WINDOW, otherToken);
      expect(theirs.cobs).toHaveLength(1);
      expect(theirs.cobs.map((c) => c.txid)).not.toContain(made.byCpf);
    });

    it('refuses what the schema refuses; the semantic refusals are CobConsultaInvalida (checked outside the proxy)', async () => {
      // The spec lists no 400 for GET /cob, though its catalogue names CobConsultaInvalida for it: these are
      // asked of the app directly, so the proxy records no answer the specification has no schema for.
      for (const query of [
        { inicio: WINDOW.inicio },
        { ...WINDOW, fim: '2026-03-09T00:00:00Z' },
        { ...WINDOW, cpf: payerCpf, cnpj: payerCnpj },
        { ...WINDOW, 'paginacao.itensPorPagina': 1001 },
        { ...WINDOW, 'paginacao.paginaAtual': -1 },
        { ...WINDOW, status: 'PAGA' },
        { ...WINDOW, inicio: '10/03/2026' },
      ]) {
        const res = await http(app).get('/api-pix/v2/cob').query(query).set(bearer(token));
        expect(res.status).toBe(400);
        const p = problemOf(res);
        expect(p.type).toBe(`${ERROR}CobConsultaInvalida`);
        expect(p.violacoes!.length).toBeGreaterThan(0);
      }
      const big = await http(app)
        .get('/api-pix/v2/cob')
        .query({ ...WINDOW, 'paginacao.itensPorPagina': 1001 })
        .set(bearer(token));
      expect(problemOf(big).violacoes).toEqual([expect.objectContaining({ propriedade: 'paginacao.itensPorPagina' })]);
    });

    it('needs cob.read', async () => {
      const writer = await apiPixToken(merchant, 'cob.write');
      const res = await pix().get('/api-pix/v2/cob').query(WINDOW).set(bearer(writer));
      expect(problemOf(res)).toMatchObject({ type: `${ERROR}AcessoNegado`, status: 403 });
    });
  });

  describe('cobv: due-date charges over the same charges', () => {
    it('PUT /cobv/{txid} makes a due-date charge, read by GET /cobv/{txid} and by the client API', async () => {
      const txid = freshTxid();
      const made = await putCobV(100, cobvBody(), txid);
      const id = idOf(made.location);
      expect(made).toMatchObject({
        txid,
        revisao: 0,
        status: 'ATIVA',
        calendario: {
          criacao: expect.stringMatching(/^2026-03-10T16:40:00\.\d{3}Z$/),
          dataDeVencimento: '2026-03-20',
          validadeAposVencimento: 30,
        },
        devedor: {
          cpf: payerCpf,
          nome: 'Francisco da Silva',
          logradouro: 'Alameda Souza, Numero 80, Bairro Braz',
          uf: 'PE',
          cep: '70011750',
        },
        recebedor: { cnpj: merchant.document, nome: 'Loja Exemplo Ltda', cidade: expect.any(String) },
        valor: {
          original: '123.45',
          multa: { modalidade: 2, valorPerc: '15.00' },
          juros: { modalidade: 2, valorPerc: '2.00' },
          desconto: { modalidade: 1, descontoDataFixa: [{ data: '2026-03-15', valorPerc: '30.00' }] },
        },
        chave: merchantKey,
      });
      // The location is the charge's cobv payload location, which serves it, and the code points at it.
      expect(made.location).toBe(`https://pix.sandbox.local/qr/v2/cobv/${id}`);
      expect((made as unknown as { pixCopiaECola: string }).pixCopiaECola).toContain(`pix.sandbox.local/qr/v2/cobv/${id}`);
      expect((await http(app).get(`/qr/v2/cobv/${id}`)).status).toBe(200);

      const read = await pix().get(`/api-pix/v2/cobv/${txid}`).set(bearer(token));
      expect(read.status).toBe(200);
      expect(read.body).toEqual(made);
      expect((await pix().get(`/api-pix/v2/cobv/${txid}?revisao=0`).set(bearer(token))).status).toBe(200);

      const v1 = await http(app).get(`/api/v1/pix/cash-in/${id}`).set(merchant.auth);
      expect(v1.status).toBe(200);
      expect(v1.body.data).toMatchObject({
        conciliation_id: txid,
        amount: '123.45',
        status: 'pending',
        due_date: '2026-03-20',
        due_date_terms: {
          due_date: '2026-03-20',
          penalty: { mode: 2, value: '15.00' },
          interest: { mode: 2, value: '2.00' },
          discount: { mode: 1, fixed_dates: [{ date: '2026-03-15', value: '30.00' }] },
        },
        expected_payer: { name: 'Francisco da Silva', document: payerCpf },
      });
      // The client API's contract is unchanged: the payer's address is not one of its details.
      expect(v1.body.data.details).toEqual({});
    });

    it('a due-date charge of the client API is read through GET /cobv/{txid}; the two kinds never cross', async () => {
      clockOf(app).set(at(110));
      const v1 = await http(app)
        .post('/api/v1/pix/cash-in/qrcode')
        .set(merchant.auth)
        .send({
          amount: '80.00',
          reference: 'boleto-7',
          due_date: '2026-04-01',
          payer_name: 'Maria Souza',
          payer_document: payerCpf,
          receiver_address: 'Rua Exemplo, 10',
          receiver_state: 'SP',
          receiver_postal_code: '01001000',
          penalty: { mode: 1, value: '2.50' },
          interest: { mode: 3, value: '1' },
          rebate: { mode: 2, value: '0.0333' },
          discount: { mode: 3, value: '0.10' },
        });
      expect(v1.status).toBe(200);
      const read = await pix().get(`/api-pix/v2/cobv/${v1.body.conciliation_id}`).set(bearer(token));
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        txid: v1.body.conciliation_id,
        calendario: { dataDeVencimento: '2026-04-01', validadeAposVencimento: 30 },
        devedor: { cpf: payerCpf, nome: 'Maria Souza' },
        recebedor: { logradouro: 'Rua Exemplo, 10', uf: 'SP', cep: '01001000' },
        valor: {
          original: '80.00',
          multa: { modalidade: 1, valorPerc: '2.50' },
          juros: { modalidade: 3, valorPerc: '1.00' },
          abatimento: { modalidade: 2, valorPerc: '0.0333' },
          desconto: { modalidade: 3, valorPerc: '0.10' },
        },
        location: `https://pix.sandbox.local/qr/v2/cobv/${v1.body.transaction_id}`,
      });

      const asCob = await pix().get(`/api-pix/v2/cob/${v1.body.conciliation_id}`).set(bearer(token));
      expect(problemOf(asCob)).toMatchObject({ type: `${ERROR}CobNaoEncontrado`, status: 404 });
      const immediate = await putCob(111);
      for (const res of [
        await pix().get(`/api-pix/v2/cobv/${immediate.txid}`).set(bearer(token)),
        await pix().patch(`/api-pix/v2/cobv/${immediate.txid}`).set(bearer(token)).send({ solicitacaoPagador: 'x' }),
      ]) {
        expect(problemOf(res)).toMatchObject({ type: `${ERROR}CobVNaoEncontrada`, status: 404 });
      }
    });

    it('maps every modality the service offers, and refuses the others as CobVOperacaoInvalida naming each', async () => {
      const all = await putCobV(
        120,
        cobvBody({
          valor: {
            original: '500.00',
            multa: { modalidade: 1, valorPerc: '10.00' },
            juros: { modalidade: 4, valorPerc: '12.00' },
            abatimento: { modalidade: 1, valorPerc: '5.00' },
            desconto: { modalidade: 6, valorPerc: '0.10' },
          },
          calendario: { dataDeVencimento: '2026-03-21' },
          devedor: { cnpj: payerCnpj, nome: 'Empresa de Serviços SA', email: 'financeiro@example.com' },
        }),
      );
      expect(all).toMatchObject({
        calendario: { dataDeVencimento: '2026-03-21', validadeAposVencimento: 30 },
        devedor: { cnpj: payerCnpj, nome: 'Empresa de Serviços SA', email: 'financeiro@example.com' },
        valor: { abatimento: { modalidade: 1, valorPerc: '5.00' }, desconto: { modalidade: 6, valorPerc: '0.10' } },
      });

      const refused = async (body: object, onPurpose = false) => {
        const req = pix().put(`/api-pix/v2/cobv/${freshTxid()}`).set(bearer(token));
        const res = await (onPurpose ? req.set(INVALID_ON_PURPOSE, '1') : req).send(body);
        expect(res.status).toBe(400);
        const p = problemOf(res);
        expect(p.type).toBe(`${ERROR}CobVOperacaoInvalida`);
        return p.violacoes!.map((v) => v.propriedade).sort();
      };
      const valor = (extra: object) => cobvBody({ valor: { original: '100.00', ...extra } });
      expect(await refused(valor({ juros: { modalidade: 6, valorPerc: '1.00' } }))).toEqual(['cobv.valor.juros.modalidade']);
      expect(await refused(cobvBody({ calendario: { dataDeVencimento: '2026-03-20', validadeAposVencimento: 10 } }))).toEqual([
        'cobv.calendario.validadeAposVencimento',
      ]);
      expect(await refused(cobvBody({ calendario: { dataDeVencimento: '2026-03-01' } }))).toEqual(['cobv.calendario.dataDeVencimento']);
      expect(await refused(valor({ desconto: { modalidade: 1, valorPerc: '1.00' } }))).toEqual([
        'cobv.valor.desconto.descontoDataFixa',
        'cobv.valor.desconto.valorPerc',
      ]);
      expect(await refused(valor({ desconto: { modalidade: 5, valorPerc: '100.00' } }))).toEqual(['cobv.valor.desconto.valorPerc']);
      expect(await refused(valor({ abatimento: { modalidade: 1, valorPerc: '100.00' } }))).toEqual(['cobv.valor.abatimento.valorPerc']);
      expect(await refused(valor({ desconto: { modalidade: 2, descontoDataFixa: [{ data: '2026-03-25', valorPerc: '5.00' }] } }))).toEqual([
        'cobv.valor.desconto.descontoDataFixa[0].data',
      ]);
      expect(await refused(valor({ original: '0.00' }))).toEqual(['cobv.valor.original']);
      expect(await refused(cobvBody({ chave: 'maria@example.com' }))).toEqual(['cobv.chave']);
      // Invalid by the schema itself: the validator finds them too.
      expect(await refused(valor({ multa: { modalidade: 3, valorPerc: '1.00' } }), true)).toEqual(['cobv.valor.multa.modalidade']);
      expect(await refused(cobvBody({ devedor: undefined }), true)).toEqual(['cobv.devedor']);
    });

    it('a second PUT of a txid is refused; another client may use it', async () => {
      const txid = freshTxid();
      await putCobV(130, cobvBody(), txid);
      const again = await pix().put(`/api-pix/v2/cobv/${txid}`).set(bearer(token)).send(cobvBody());
      expect(problemOf(again).violacoes).toEqual(expect.arrayContaining([expect.objectContaining({ propriedade: 'cobv.txid' })]));
      const theirs = await pix()
        .put(`/api-pix/v2/cobv/${txid}`)
        .set(bearer(otherToken))
        .send(cobvBody({ chave: otherKey }));
      expect(theirs.status).toBe(201);
      // ...and each reads only its own.
      expect((await pix().get(`/api-pix/v2/cobv/${txid}`).set(bearer(otherToken))).body.chave).toBe(otherKey);
    });

    it('PATCH /cobv/{txid} revises the payer and the request to the payer (revisao + 1), then removes it', async () => {
      const { txid } = await putCobV(140);
      const revised = await pix()
        .patch(`/api-pix/v2/cobv/${txid}`)
        .set(bearer(token))
        .send({ devedor: { cnpj: payerCnpj, nome: 'Empresa de Serviços SA', cidade: 'Olinda' }, solicitacaoPagador: 'Revisada.' });
      expect(revised.status).toBe(200);
      expect(revised.body).toMatchObject({ revisao: 1, solicitacaoPagador: 'Revisada.', status: 'ATIVA' });
      // The payer is replaced whole: the old address goes with the old payer.
      expect(revised.body.devedor).toEqual({ cnpj: payerCnpj, nome: 'Empresa de Serviços SA', cidade: 'Olinda' });
      expect(revised.body.valor.original).toBe('123.45');

      const terms = await pix()
        .patch(`/api-pix/v2/cobv/${txid}`)
        .set(bearer(token))
        .send({ calendario: { dataDeVencimento: '2026-03-25' }, valor: { original: '1.00' } });
      expect(
        problemOf(terms)
          .violacoes!.map((v) => v.propriedade)
          .sort(),
      ).toEqual(['cobv.calendario', 'cobv.valor']);
      const both = await pix()
        .patch(`/api-pix/v2/cobv/${txid}`)
        .set(bearer(token))
        .send({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', solicitacaoPagador: 'x' });
      expect(problemOf(both).type).toBe(`${ERROR}CobVOperacaoInvalida`);

      const removed = await pix().patch(`/api-pix/v2/cobv/${txid}`).set(bearer(token)).send({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
      expect(removed.status).toBe(200);
      expect(removed.body).toMatchObject({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revisao: 2 });
      const again = await pix().patch(`/api-pix/v2/cobv/${txid}`).set(bearer(token)).send({ solicitacaoPagador: 'De novo.' });
      expect(problemOf(again).type).toBe(`${ERROR}CobVOperacaoInvalida`);
      const older = await pix().get(`/api-pix/v2/cobv/${txid}?revisao=1`).set(bearer(token));
      expect(older.status).toBe(400);
      expect(problemOf(older).type).toBe(`${ERROR}CobVConsultaInvalida`);
    });

    it('a paid due-date charge is CONCLUIDA with its pix, the amount paid that day', async () => {
      const { txid, location } = await putCobV(150);
      const paid = await http(app)
        .post(`/api/v1/sandbox/cash-in/${idOf(location)}/pay`)
        .set(merchant.auth)
        .send({});
      expect(paid.status).toBe(200);
      const read = await pix().get(`/api-pix/v2/cobv/${txid}`).set(bearer(token));
      expect(read.body.status).toBe('CONCLUIDA');
      // Paid on 2026-03-10, before the 2026-03-15 offer: 123.45 - 30.00.
      expect(read.body.pix).toEqual([expect.objectContaining({ endToEndId: paid.body.data.end_to_end_id, txid, valor: '93.45' })]);
    });

    it("another client's txid, or none, is CobVNaoEncontrada; the scopes are cobv.write and cobv.read", async () => {
      const { txid } = await putCobV(160);
      for (const res of [
        await pix().get(`/api-pix/v2/cobv/${txid}`).set(bearer(otherToken)),
        await pix().get(`/api-pix/v2/cobv/${freshTxid()}`).set(bearer(token)),
        await pix().patch(`/api-pix/v2/cobv/${txid}`).set(bearer(otherToken)).send({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }),
      ]) {
        expect(problemOf(res)).toMatchObject({ type: `${ERROR}CobVNaoEncontrada`, status: 404 });
      }
      const cobOnly = await apiPixToken(merchant, 'cob.write cob.read');
      for (const res of [
        await pix().put(`/api-pix/v2/cobv/${freshTxid()}`).set(bearer(cobOnly)).send(cobvBody()),
        await pix().patch(`/api-pix/v2/cobv/${txid}`).set(bearer(cobOnly)).send({ solicitacaoPagador: 'x' }),
        await pix().get(`/api-pix/v2/cobv/${txid}`).set(bearer(cobOnly)),
        await pix().get('/api-pix/v2/cobv').query(WINDOW).set(bearer(cobOnly)),
      ]) {
        expect(problemOf(res)).toMatchObject({ type: `${ERROR}AcessoNegado`, status: 403 });
      }
    });

    it('GET /cobv lists due-date charges only, with the same filters and paging as GET /cob', async () => {
      const window = { inicio: at(100).toISOString(), fim: at(161).toISOString() };
      const res = await pix().get('/api-pix/v2/cobv').query(window).set(bearer(token));
      expect(res.status).toBe(200);
      const txidsListed = (res.body.cobs as { txid: string; idCob: string }[]).map((c) => c.txid);
      expect(res.body.cobs).toHaveLength(7);
      expect(res.body.parametros.paginacao).toEqual({
        paginaAtual: 0,
        itensPorPagina: 100,
        quantidadeDePaginas: 1,
        quantidadeTotalDeItens: 7,
      });
      expect(
        res.body.cobs.every(
          (c: { valor: { original: string }; calendario: { dataDeVencimento?: string } }) => c.calendario.dataDeVencimento,
        ),
      ).toBe(true);

      const page = await pix()
        .get('/api-pix/v2/cobv')
        .query({ ...window, 'paginacao.itensPorPagina': 2, 'paginacao.paginaAtual': 1 })
        .set(bearer(token));
      expect(page.body.cobs.map((c: { txid: string }) => c.txid)).toEqual(txidsListed.slice(2, 4));
      expect(page.body.parametros.paginacao).toMatchObject({ quantidadeDePaginas: 4, quantidadeTotalDeItens: 7 });
      const byCnpj = await pix()
        .get('/api-pix/v2/cobv')
        .query({ ...window, cnpj: payerCnpj })
        .set(bearer(token));
      // The charge made with that payer, and the one revised to it.
      expect(byCnpj.body.cobs).toHaveLength(2);
      const concluded = await pix()
        .get('/api-pix/v2/cobv')
        .query({ ...window, status: 'CONCLUIDA' })
        .set(bearer(token));
      expect(concluded.body.cobs).toHaveLength(1);
      // No charge belongs to a batch (lotecobv is not offered).
      const batch = await pix()
        .get('/api-pix/v2/cobv')
        .query({ ...window, loteCobVId: 7 })
        .set(bearer(token));
      expect(batch.body.cobs).toEqual([]);
      const theirs = await pix().get('/api-pix/v2/cobv').query(window).set(bearer(otherToken));
      expect(theirs.body.cobs).toHaveLength(1);

      const bad = await http(app)
        .get('/api-pix/v2/cobv')
        .query({ ...window, cpf: payerCpf, cnpj: payerCnpj })
        .set(bearer(token));
      expect(problemOf(bad).type).toBe(`${ERROR}CobVConsultaInvalida`);
    });
  });

  it('covered every operation built, and found no violation in any request or response', () => {
    const operations = new Set([...conformance.covered].map((c) => c.replace(/ \d{3}$/, '')));
    expect([...operations].sort()).toEqual(
      expect.arrayContaining(['GET /cob', 'GET /cobv', 'GET /cobv/{txid}', 'PATCH /cobv/{txid}', 'PUT /cobv/{txid}']),
    );
    expect(conformance.covered).toEqual(
      new Set([
        'PUT /cob/{txid} 201',
        'PATCH /cob/{txid} 200',
        'GET /cob/{txid} 404',
        'GET /cob 200',
        'GET /cob 403',
        'PUT /cobv/{txid} 201',
        'PUT /cobv/{txid} 400',
        'PUT /cobv/{txid} 403',
        'PATCH /cobv/{txid} 200',
        'PATCH /cobv/{txid} 400',
        'PATCH /cobv/{txid} 403',
        'PATCH /cobv/{txid} 404',
        'GET /cobv/{txid} 200',
        'GET /cobv/{txid} 400',
        'GET /cobv/{txid} 403',
        'GET /cobv/{txid} 404',
        'GET /cobv 200',
        'GET /cobv 403',
      ]),
    );
    expect(conformance.acceptedDespiteMark).toEqual([]);
    expect(conformance.violations).toEqual([]);
  });
});
