import type { NestExpressApplication } from '@nestjs/platform-express';
import { parseBrCode } from '../../src/shared/domain/br-code/br-code.js';
import { randomCpf } from '../support/documents.js';
import { ApiPixConformance, INVALID_ON_PURPOSE, newTxid } from '../support/api-pix-conformance.js';
import { DAYTIME, http, newClient, startApp, type TestClient } from '../support/test-app.js';

/** A txid of the merchant's own (spec, TxId: 26 to 35 letters and digits), unique per run. */
const freshTxid = () => newTxid('locacao');
const ERROR = 'https://pix.bcb.gov.br/api/v2/error/';
/** The app's clock stands at DAYTIME (test/support/test-app.ts): every location is created then. */
const WINDOW = {
  inicio: new Date(DAYTIME.getTime() - 3_600_000).toISOString(),
  fim: new Date(DAYTIME.getTime() + 3_600_000).toISOString(),
};

interface Problema {
  type: string;
  title: string;
  status: number;
  violacoes?: { razao: string; propriedade?: string }[];
}
interface Loc {
  id: number;
  txid?: string;
  location: string;
  tipoCob: 'cob' | 'cobv';
  criacao: string;
}

describe('API Pix loc (docs/reference/api-pix-2.9.0.yaml, tag PayloadLocation): the resource, validated, and the payload at it', () => {
  let app: NestExpressApplication;
  let conformance: ApiPixConformance;
  let merchant: TestClient;
  let other: TestClient;
  let merchantKey: string;
  let token: string;
  let otherToken: string;

  const pix = () => conformance.http();
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
  const apiPixToken = async (c: TestClient, scope?: string) => {
    const res = await http(app)
      .post('/api-pix/oauth/token')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('Authorization', `Basic ${Buffer.from(`${c.keyId}:${c.secret}`).toString('base64')}`)
      .send(`grant_type=client_credentials${scope ? `&scope=${encodeURIComponent(scope)}` : ''}`);
    expect(res.status).toBe(200);
    return res.body.access_token as string;
  };
  const problemOf = (res: { headers: Record<string, string>; text: string }) => {
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    return JSON.parse(res.text) as Problema;
  };
  const newLoc = async (tipoCob: 'cob' | 'cobv', t = token) => {
    const res = await pix().post('/api-pix/v2/loc').set(bearer(t)).send({ tipoCob });
    expect(res.status).toBe(201);
    return res.body as Loc;
  };
  const cobBody = (extra: object = {}) => ({
    calendario: { expiracao: 3600 },
    valor: { original: '37.00' },
    chave: merchantKey,
    ...extra,
  });
  const cobvBody = (extra: object = {}) => ({
    calendario: { dataDeVencimento: '2026-03-20' },
    devedor: { cpf: randomCpf(), nome: 'Francisco da Silva' },
    valor: { original: '123.45' },
    chave: merchantKey,
    ...extra,
  });
  /** What the location serves, as a payer's institution reads it (the body as text: `application/jose`). */
  const served = (location: string) =>
    http(app)
      .get(new URL(location).pathname)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      });
  /** The JWS's payload (its signature is test/e2e/payload-location.e2e-spec.ts's concern). */
  const payloadOf = (jws: string) => JSON.parse(Buffer.from(jws.split('.')[1]!, 'base64url').toString('utf8')) as { txid: string };
  const expectNoPayload = async (location: string) => {
    const res = await served(location);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body as string)).toMatchObject({ type: `${ERROR}CobPayloadNaoEncontrado`, status: 404 });
  };
  const refusedLoc = (res: { headers: Record<string, string>; text: string }, resource: 'cob' | 'cobv') => {
    expect(problemOf(res)).toMatchObject({
      type: `${ERROR}${resource === 'cob' ? 'CobOperacaoInvalida' : 'CobVOperacaoInvalida'}`,
      status: 400,
      violacoes: [expect.objectContaining({ propriedade: `${resource}.loc.id` })],
    });
  };

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' });
    conformance = new ApiPixConformance(app);
    merchant = await newClient(app, { legal: true, name: 'Loja Exemplo Ltda' });
    other = await newClient(app, { legal: true, name: 'Concorrente Vizinho Ltda' });
    const key = await http(app).post('/api/v1/pix/keys').set(merchant.auth).send({ key_type: 'EVP' });
    expect(key.status).toBe(200);
    merchantKey = key.body.data?.key_value ?? key.body.key_value;
    token = await apiPixToken(merchant);
    otherToken = await apiPixToken(other);
  });

  afterAll(() => app.close());

  it('POST /loc creates a free location (201): an integer id, its URL, tipoCob and criacao, no txid; GET /loc/{id} shows it', async () => {
    const res = await pix().post('/api-pix/v2/loc').set(bearer(token)).send({ tipoCob: 'cob' });
    expect(res.status).toBe(201);
    const loc = res.body as Loc;
    expect(loc).toEqual({
      id: expect.any(Number),
      location: expect.stringMatching(/^https:\/\/pix\.sandbox\.local\/qr\/v2\/[0-9a-f-]{36}$/),
      tipoCob: 'cob',
      criacao: expect.stringMatching(/^2026-03-10T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    // spec, 201 `location` header: the location created (the proxy hands back no such header: asked of the app).
    const direct = await http(app).post('/api-pix/v2/loc').set(bearer(token)).send({ tipoCob: 'cob' });
    expect(direct.headers.location).toBe(`/api-pix/v2/loc/${direct.body.id}`);
    const got = await pix().get(`/api-pix/v2/loc/${loc.id}`).set(bearer(token));
    expect(got.status).toBe(200);
    expect(got.body).toEqual(loc);
    // spec, tag CobPayload: a location serving no charge is CobPayloadNaoEncontrado, as an unknown one.
    await expectNoPayload(loc.location);
    const cobv = await newLoc('cobv');
    expect(cobv.location).toMatch(/^https:\/\/pix\.sandbox\.local\/qr\/v2\/cobv\/[0-9a-f-]{36}$/);
  });

  it('refuses a tipoCob out of the schema (PayloadLocationOperacaoInvalida)', async () => {
    const res = await pix().post('/api-pix/v2/loc').set(bearer(token)).set(INVALID_ON_PURPOSE, '1').send({ tipoCob: 'lotecobv' });
    expect(problemOf(res)).toMatchObject({
      type: `${ERROR}PayloadLocationOperacaoInvalida`,
      status: 400,
      violacoes: [expect.objectContaining({ propriedade: 'tipoCob' })],
    });
  });

  it('PUT /cob/{txid} with loc.id issues the charge at the location: its location, loc and code; the payload is served there', async () => {
    const loc = await newLoc('cob');
    const txid = freshTxid();
    const cob = await pix()
      .put(`/api-pix/v2/cob/${txid}`)
      .set(bearer(token))
      .send(cobBody({ loc: { id: loc.id, tipoCob: 'cob' } }));
    expect(cob.status).toBe(201);
    expect(cob.body.location).toBe(loc.location);
    expect(cob.body.loc).toEqual({ id: loc.id, location: loc.location, tipoCob: 'cob', criacao: loc.criacao, txid });
    const code = parseBrCode(cob.body.pixCopiaECola);
    expect(code.type === 'dynamic' && `https://${code.url}`).toBe(loc.location);
    const got = await pix().get(`/api-pix/v2/cob/${txid}`).set(bearer(token));
    expect(got.body).toMatchObject({ location: loc.location, loc: { id: loc.id, txid } });
    expect((await pix().get(`/api-pix/v2/loc/${loc.id}`).set(bearer(token))).body).toEqual({ ...loc, txid });

    const jws = await served(loc.location);
    expect(jws.status).toBe(200);
    expect(jws.headers['content-type']).toBe('application/jose');
    expect(payloadOf(jws.body as string).txid).toBe(txid);
    // The charge is served at its location only, never at its own id (docs/adr/0238).
    const listed = await pix().get('/api-pix/v2/cob').query(WINDOW).set(bearer(token));
    const item = (listed.body.cobs as { txid: string; idCob: string; loc?: unknown; location?: string }[]).find((c) => c.txid === txid)!;
    // The list reads its page's locations in one statement: each item shows its own, as the single read does.
    expect(item).toMatchObject({ location: loc.location, loc: { id: loc.id, txid } });
    const idCob = item.idCob;
    await expectNoPayload(`https://pix.sandbox.local/qr/v2/${idCob}`);

    // POST /cob too; a charge made without loc keeps its own location and shows no loc.
    const posted = await pix()
      .post('/api-pix/v2/cob')
      .set(bearer(token))
      .send(cobBody({ loc: { id: (await newLoc('cob')).id, tipoCob: 'cob' } }));
    expect(posted.status).toBe(201);
    expect(payloadOf((await served(posted.body.location as string)).body as string).txid).toBe(posted.body.txid);
    const plain = await pix().post('/api-pix/v2/cob').set(bearer(token)).send(cobBody());
    expect(plain.body.loc).toBeUndefined();
    expect(plain.body.location).toMatch(/^https:\/\/pix\.sandbox\.local\/qr\/v2\/[0-9a-f-]{36}$/);
  });

  it('DELETE /loc/{id}/txid unlinks (200, no txid): the payload is gone, the charge stays ATIVA with no location; the location is free again', async () => {
    const loc = await newLoc('cob');
    const txid = freshTxid();
    expect(
      (
        await pix()
          .put(`/api-pix/v2/cob/${txid}`)
          .set(bearer(token))
          .send(cobBody({ loc: { id: loc.id, tipoCob: 'cob' } }))
      ).status,
    ).toBe(201);
    const unlinked = await pix().delete(`/api-pix/v2/loc/${loc.id}/txid`).set(bearer(token));
    expect(unlinked.status).toBe(200);
    expect(unlinked.body).toEqual(loc);
    await expectNoPayload(loc.location);
    const cob = await pix().get(`/api-pix/v2/cob/${txid}`).set(bearer(token));
    expect(cob.status).toBe(200);
    expect(cob.body.status).toBe('ATIVA');
    // spec, DELETE /loc/{id}/txid: the cob "passará a não mais apresentar um location".
    expect(cob.body.location).toBeUndefined();
    expect(cob.body.loc).toBeUndefined();
    // GET /cob's locationPresente tells it apart: false lists it, true does not (a charge of its own location stays true).
    const txidsWith = async (presence: boolean) =>
      (
        (
          await pix()
            .get('/api-pix/v2/cob')
            .query({ ...WINDOW, locationPresente: presence })
            .set(bearer(token))
        ).body.cobs as { txid: string }[]
      ).map((c) => c.txid);
    const plain = (await pix().post('/api-pix/v2/cob').set(bearer(token)).send(cobBody())).body.txid as string;
    expect(await txidsWith(false)).toContain(txid);
    expect(await txidsWith(false)).not.toContain(plain);
    expect(await txidsWith(true)).toEqual(expect.arrayContaining([plain]));
    expect(await txidsWith(true)).not.toContain(txid);
    // Again: the same answer (the spec's own wording: idempotent).
    expect((await pix().delete(`/api-pix/v2/loc/${loc.id}/txid`).set(bearer(token))).body).toEqual(loc);
    // Free again: another charge may be issued at it, and is served there.
    const next = freshTxid();
    expect(
      (
        await pix()
          .put(`/api-pix/v2/cob/${next}`)
          .set(bearer(token))
          .send(cobBody({ loc: { id: loc.id, tipoCob: 'cob' } }))
      ).status,
    ).toBe(201);
    expect(payloadOf((await served(loc.location)).body as string).txid).toBe(next);
    expect((await pix().get(`/api-pix/v2/cob/${txid}`).set(bearer(token))).body.location).toBeUndefined();
  });

  it('refuses a location in use, of the other type, unknown, or another client’s (CobOperacaoInvalida, cob.loc.id)', async () => {
    const loc = await newLoc('cob');
    expect(
      (
        await pix()
          .put(`/api-pix/v2/cob/${freshTxid()}`)
          .set(bearer(token))
          .send(cobBody({ loc: { id: loc.id, tipoCob: 'cob' } }))
      ).status,
    ).toBe(201);
    const inUse = await pix()
      .put(`/api-pix/v2/cob/${freshTxid()}`)
      .set(bearer(token))
      .send(cobBody({ loc: { id: loc.id, tipoCob: 'cob' } }));
    refusedLoc(inUse, 'cob');
    const cobvLoc = await newLoc('cobv');
    refusedLoc(
      await pix()
        .post('/api-pix/v2/cob')
        .set(bearer(token))
        .send(cobBody({ loc: { id: cobvLoc.id, tipoCob: 'cob' } })),
      'cob',
    );
    refusedLoc(
      await pix()
        .post('/api-pix/v2/cob')
        .set(bearer(token))
        .send(cobBody({ loc: { id: 999_999_999, tipoCob: 'cob' } })),
      'cob',
    );
    const foreign = await newLoc('cob', otherToken);
    refusedLoc(
      await pix()
        .post('/api-pix/v2/cob')
        .set(bearer(token))
        .send(cobBody({ loc: { id: foreign.id, tipoCob: 'cob' } })),
      'cob',
    );
    refusedLoc(
      await pix()
        .put(`/api-pix/v2/cobv/${freshTxid()}`)
        .set(bearer(token))
        .send(cobvBody({ loc: { id: (await newLoc('cob')).id, tipoCob: 'cobv' } })),
      'cobv',
    );
    // The refused charges were not made, and the free locations stay free.
    expect((await pix().get(`/api-pix/v2/loc/${cobvLoc.id}`).set(bearer(token))).body.txid).toBeUndefined();
  });

  it('PUT /cobv/{txid} with loc.id issues a due-date charge at a cobv location, served at /qr/v2/cobv/<token>', async () => {
    const loc = await newLoc('cobv');
    const txid = freshTxid();
    const cobv = await pix()
      .put(`/api-pix/v2/cobv/${txid}`)
      .set(bearer(token))
      .send(cobvBody({ loc: { id: loc.id, tipoCob: 'cobv' } }));
    expect(cobv.status).toBe(201);
    expect(cobv.body).toMatchObject({ location: loc.location, loc: { id: loc.id, tipoCob: 'cobv', txid } });
    expect(payloadOf((await served(loc.location)).body as string).txid).toBe(txid);
    expect((await pix().delete(`/api-pix/v2/loc/${loc.id}/txid`).set(bearer(token))).status).toBe(200);
    await expectNoPayload(loc.location);
    // cobv's schema requires `location`: it keeps the URL it was issued at, which serves nothing now (docs/adr/0238).
    const after = await pix().get(`/api-pix/v2/cobv/${txid}`).set(bearer(token));
    expect(after.body.location).toBe(loc.location);
    expect(after.body.loc).toBeUndefined();
  });

  it('another client’s location is not found (PayloadLocationNaoEncontrado), as an unknown or malformed id', async () => {
    const loc = await newLoc('cob');
    for (const res of [
      await pix().get(`/api-pix/v2/loc/${loc.id}`).set(bearer(otherToken)),
      await pix().delete(`/api-pix/v2/loc/${loc.id}/txid`).set(bearer(otherToken)),
      await pix().get('/api-pix/v2/loc/999999999').set(bearer(token)),
      await pix().get('/api-pix/v2/loc/abc').set(bearer(token)),
      await pix().delete('/api-pix/v2/loc/0/txid').set(bearer(token)),
    ]) {
      expect(problemOf(res)).toMatchObject({ type: `${ERROR}PayloadLocationNaoEncontrado`, status: 404 });
    }
    const others = await pix().get('/api-pix/v2/loc').query(WINDOW).set(bearer(otherToken));
    expect((others.body.loc as Loc[]).map((l) => l.id)).not.toContain(loc.id);
  });

  it('GET /loc lists the caller’s locations in [inicio, fim], oldest first, by txIdPresente and tipoCob, a page at a time', async () => {
    const all = await pix().get('/api-pix/v2/loc').query(WINDOW).set(bearer(token));
    expect(all.status).toBe(200);
    const locs = all.body.loc as Loc[];
    expect(locs.length).toBeGreaterThan(5);
    expect(locs.map((l) => l.id)).toEqual([...locs.map((l) => l.id)].sort((a, b) => a - b));
    expect(all.body.parametros).toEqual({
      ...WINDOW,
      paginacao: { paginaAtual: 0, itensPorPagina: 100, quantidadeDePaginas: 1, quantidadeTotalDeItens: locs.length },
    });
    const linked = await pix()
      .get('/api-pix/v2/loc')
      .query({ ...WINDOW, txIdPresente: 'true', tipoCob: 'cob' })
      .set(bearer(token));
    expect(linked.body.loc.length).toBeGreaterThan(0);
    for (const l of linked.body.loc as Loc[]) expect(l).toMatchObject({ txid: expect.any(String), tipoCob: 'cob' });
    const free = await pix()
      .get('/api-pix/v2/loc')
      .query({ ...WINDOW, txIdPresente: 'false', tipoCob: 'cobv' })
      .set(bearer(token));
    for (const l of free.body.loc as Loc[]) expect(l.txid === undefined && l.tipoCob === 'cobv').toBe(true);
    const page = await pix()
      .get('/api-pix/v2/loc')
      .query({ ...WINDOW, 'paginacao.paginaAtual': '1', 'paginacao.itensPorPagina': '2' })
      .set(bearer(token));
    expect(page.body.loc).toEqual(locs.slice(2, 4));
    expect(page.body.parametros.paginacao.quantidadeDePaginas).toBe(Math.ceil(locs.length / 2));
    const before = await pix()
      .get('/api-pix/v2/loc')
      .query({ inicio: '2020-01-01T00:00:00Z', fim: '2020-01-02T00:00:00Z' })
      .set(bearer(token));
    expect(before.body.loc).toEqual([]);
  });

  it('refuses a list query the spec refuses (PayloadLocationConsultaInvalida; the spec lists no 400 for GET /loc: checked on the app)', async () => {
    for (const [query, propriedade] of [
      [{ fim: WINDOW.fim }, 'inicio'],
      [{ inicio: WINDOW.fim, fim: WINDOW.inicio }, 'fim'],
      [{ ...WINDOW, tipoCob: 'rec' }, 'tipoCob'],
      [{ ...WINDOW, txIdPresente: 'sim' }, 'txIdPresente'],
      [{ ...WINDOW, 'paginacao.itensPorPagina': '1001' }, 'paginacao.itensPorPagina'],
      [{ ...WINDOW, 'paginacao.paginaAtual': '101' }, 'paginacao.paginaAtual'],
      [{ ...WINDOW, status: 'ATIVA' }, 'status'],
    ] as const) {
      const res = await http(app).get('/api-pix/v2/loc').query(query).set(bearer(token));
      expect(problemOf(res)).toMatchObject({
        type: `${ERROR}PayloadLocationConsultaInvalida`,
        status: 400,
        violacoes: [expect.objectContaining({ propriedade })],
      });
    }
  });

  it('each operation needs its scope (AcessoNegado)', async () => {
    const reader = await apiPixToken(merchant, 'cob.read payloadlocation.read');
    const writer = await apiPixToken(merchant, 'cob.write');
    const loc = await newLoc('cob');
    for (const denied of [
      await pix().post('/api-pix/v2/loc').set(bearer(reader)).send({ tipoCob: 'cob' }),
      await pix().delete(`/api-pix/v2/loc/${loc.id}/txid`).set(bearer(reader)),
      await pix().get(`/api-pix/v2/loc/${loc.id}`).set(bearer(writer)),
      await pix().get('/api-pix/v2/loc').query(WINDOW).set(bearer(writer)),
    ]) {
      expect(problemOf(denied)).toMatchObject({ type: `${ERROR}AcessoNegado`, status: 403 });
    }
    expect((await pix().get(`/api-pix/v2/loc/${loc.id}`).set(bearer(reader))).status).toBe(200);
  });

  it('covered every loc operation, and found no violation in any request or response', () => {
    const operations = new Set([...conformance.covered].map((c) => c.replace(/ \d{3}$/, '')));
    expect([...operations].sort()).toEqual([
      'DELETE /loc/{id}/txid',
      'GET /cob',
      'GET /cob/{txid}',
      'GET /cobv/{txid}',
      'GET /loc',
      'GET /loc/{id}',
      'POST /cob',
      'POST /loc',
      'PUT /cob/{txid}',
      'PUT /cobv/{txid}',
    ]);
    for (const seen of [
      'POST /loc 201',
      'POST /loc 400',
      'POST /loc 403',
      'GET /loc 200',
      'GET /loc 403',
      'GET /loc/{id} 200',
      'GET /loc/{id} 403',
      'GET /loc/{id} 404',
      'DELETE /loc/{id}/txid 200',
      'DELETE /loc/{id}/txid 403',
      'DELETE /loc/{id}/txid 404',
      'PUT /cob/{txid} 201',
      'PUT /cob/{txid} 400',
      'POST /cob 400',
      'PUT /cobv/{txid} 201',
      'PUT /cobv/{txid} 400',
    ]) {
      expect(conformance.covered).toContain(seen);
    }
    expect(conformance.acceptedDespiteMark).toEqual([]);
    expect(conformance.violations).toEqual([]);
  });
});
