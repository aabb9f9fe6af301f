import type { NestExpressApplication } from '@nestjs/platform-express';
import { Money } from '../../src/shared/money/money.js';
import { ApiPixConformance, newTxid } from '../support/api-pix-conformance.js';
import { balanceOf, cashOut, settled } from '../support/payments.js';
import { clockOf, DAYTIME, eventually, http, newAdmin, newClient, startApp, type TestClient } from '../support/test-app.js';

/** A merchant's own txid (spec, TxId: 26 to 35 letters and digits), random, so no run depends on another. */
const freshTxid = () => newTxid('rt');

/**
 * The API Pix round trip over the service's own payments (docs/api-pix.md): client A makes a charge through API
 * Pix, client B pays it by the client API's Flow 3 (decode, then cash-out by the decoded QR code), A sees it
 * paid through both APIs, reads the Pix, refunds part of it through API Pix, and B gets that part back. Every API
 * Pix request and answer goes through the validating proxy, and none may break the specification.
 */
describe('API Pix round trip: cob, paid by Flow 3, read as pix, refunded as devolucao', () => {
  let app: NestExpressApplication;
  let conformance: ApiPixConformance;
  let a: TestClient;
  let b: TestClient;
  let keyOfA: string;
  let token: string;

  const pix = () => conformance.http();
  const bearer = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    app = await startApp({ sandboxSpiLatencyMs: 5 });
    clockOf(app).set(DAYTIME);
    conformance = new ApiPixConformance(app);
    a = await newClient(app, { legal: true, name: 'Loja Exemplo Ltda' });
    b = await newClient(app, { balance: '500.00' });
    const key = await http(app).post('/api/v1/pix/keys').set(a.auth).send({ key_type: 'EVP' });
    expect(key.status).toBe(200);
    keyOfA = key.body.data?.key_value ?? key.body.key_value;
    const auth = `Basic ${Buffer.from(`${a.keyId}:${a.secret}`).toString('base64')}`;
    const issued = await http(app)
      .post('/api-pix/oauth/token')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('Authorization', auth)
      .send(`grant_type=client_credentials&scope=${encodeURIComponent('cob.write cob.read pix.read pix.write')}`);
    expect(issued.status).toBe(200);
    token = issued.body.access_token;
  });

  afterAll(() => app.close());

  it('goes from the charge to the refund, both APIs agreeing at every step, the ledger balanced', async () => {
    // 1. A makes a charge with its own txid (PUT /cob/{txid}).
    const txid = freshTxid();
    const made = await pix()
      .put(`/api-pix/v2/cob/${txid}`)
      .set(bearer())
      .send({ calendario: { expiracao: 3600 }, valor: { original: '80.00' }, chave: keyOfA, solicitacaoPagador: 'Pedido 7' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ txid, status: 'ATIVA', valor: { original: '80.00' } });
    const chargeId = (made.body.location as string).split('/').pop()!;

    // 2. B pays it through Flow 3: decode the pixCopiaECola, then cash-out by the decoded code.
    const decoded = await http(app).post('/api/v1/pix/qrcode/decode').set(b.auth).send({ br_code: made.body.pixCopiaECola });
    expect(decoded.status).toBe(200);
    expect(decoded.body).toMatchObject({ pix_key: keyOfA });
    const bBefore = await balanceOf(app, b);
    const sent = await cashOut(app, b, { amount: '80.00' }, { 'X-Pix-Lookup-E2E': decoded.body.end_to_end_id });
    expect(sent.status).toBe(200);
    const done = await settled(app, b, sent.body.transaction_id);
    expect(done).toMatchObject({ status: 'completed' });
    const bPaid = await balanceOf(app, b);
    expect(Money.of(bBefore.available_balance).minus(Money.of(bPaid.available_balance)).gte(Money.of('80.00'))).toBe(true);

    // 3. A sees it paid: CONCLUIDA with its pix (GET /cob/{txid}), completed through the client API.
    const cob = await pix().get(`/api-pix/v2/cob/${txid}`).set(bearer());
    expect(cob.status).toBe(200);
    expect(cob.body.status).toBe('CONCLUIDA');
    expect(cob.body.pix).toEqual([expect.objectContaining({ txid, valor: '80.00', chave: keyOfA })]);
    const e2eid = cob.body.pix[0].endToEndId as string;
    const v1 = await http(app).get(`/api/v1/pix/cash-in/${chargeId}`).set(a.auth);
    expect(v1.status).toBe(200);
    expect(v1.body.data).toMatchObject({ status: 'completed', paid_amount: '80.00', conciliation_id: txid });

    // 4. A reads the Pix (GET /pix/{e2eid}) and finds it in the list (GET /pix) by its txid.
    const read = await pix().get(`/api-pix/v2/pix/${e2eid}`).set(bearer());
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ endToEndId: e2eid, txid, valor: '80.00', chave: keyOfA, devolucoes: [] });
    const window = `inicio=${encodeURIComponent(new Date(DAYTIME.getTime() - 3_600_000).toISOString())}&fim=${encodeURIComponent(new Date(DAYTIME.getTime() + 86_400_000).toISOString())}`;
    const listed = await pix().get(`/api-pix/v2/pix?${window}&txid=${txid}`).set(bearer());
    expect(listed.status).toBe(200);
    expect(listed.body.pix).toEqual([expect.objectContaining({ endToEndId: e2eid, txid })]);
    expect(listed.body.parametros.paginacao).toMatchObject({ paginaAtual: 0, quantidadeTotalDeItens: 1 });

    // 5. A refunds part of it (PUT /pix/{e2eid}/devolucao/{id}); asking again with the same body is the same refund.
    const body = { valor: '30.00', natureza: 'ORIGINAL', descricao: 'Item em falta' };
    const refunded = await pix().put(`/api-pix/v2/pix/${e2eid}/devolucao/dev1`).set(bearer()).send(body);
    expect(refunded.status).toBe(201);
    expect(refunded.body).toMatchObject({ id: 'dev1', valor: '30.00', natureza: 'ORIGINAL', descricao: 'Item em falta' });
    expect(refunded.body.rtrId).toMatch(/^D[0-9]{8}/);
    const again = await pix().put(`/api-pix/v2/pix/${e2eid}/devolucao/dev1`).set(bearer()).send(body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(refunded.body);

    // 6. A reads the refund until it is DEVOLVIDO (on-us, it is at once).
    const returned = await eventually(async () => {
      const res = await pix().get(`/api-pix/v2/pix/${e2eid}/devolucao/dev1`).set(bearer());
      return res.body.status === 'DEVOLVIDO' ? res.body : undefined;
    });
    expect(returned).toMatchObject({ id: 'dev1', rtrId: refunded.body.rtrId, horario: { liquidacao: expect.any(String) } });
    const withRefund = await pix().get(`/api-pix/v2/pix/${e2eid}`).set(bearer());
    expect(withRefund.body.devolucoes).toEqual([expect.objectContaining({ id: 'dev1', valor: '30.00', status: 'DEVOLVIDO' })]);
    const refundedOnly = await pix().get(`/api-pix/v2/pix?${window}&devolucaoPresente=true&txIdPresente=true`).set(bearer());
    expect(refundedOnly.body.pix.map((p: { endToEndId: string }) => p.endToEndId)).toEqual([e2eid]);

    // 7. The client API shows the same refund: the reversal, and the payment's reversed amount.
    const reversals = await http(app).get(`/api/v1/pix/reversals?end_to_end_id=${e2eid}`).set(a.auth);
    expect(reversals.status).toBe(200);
    expect(reversals.body.data).toEqual([
      expect.objectContaining({
        original_end_to_end_id: e2eid,
        refund_end_to_end_id: refunded.body.rtrId,
        amount: '30.00',
        status: 'completed',
        refund_code: 'MD06',
        customer_message: 'Item em falta',
      }),
    ]);
    const one = await http(app).get(`/api/v1/pix/reversals/${reversals.body.data[0].id}`).set(a.auth);
    expect(one.body.data.refund_end_to_end_id).toBe(refunded.body.rtrId);
    const tx = await http(app).get(`/api/v1/transactions/${chargeId}`).set(a.auth);
    expect(tx.body.data).toMatchObject({ e2e: e2eid, amount: '80.00', reversed_amount: '30.00' });

    // 8. B got the refunded part back, and the ledger balances.
    const bAfter = await balanceOf(app, b);
    expect(Money.of(bAfter.available_balance).minus(Money.of(bPaid.available_balance)).toFixed2()).toBe('30.00');
    const admin = await newAdmin(app);
    const verify = await http(app).get('/api/v1/admin/ledger/verify').set(admin.auth);
    expect(verify.body.data).toMatchObject({ balanced: true, unbalanced_journals: [], mismatched_accounts: [] });

    // Every API Pix exchange of the round trip kept to the specification.
    expect([...conformance.covered].sort()).toEqual([
      'GET /cob/{txid} 200',
      'GET /pix 200',
      'GET /pix/{e2eid} 200',
      'GET /pix/{e2eid}/devolucao/{id} 200',
      'PUT /cob/{txid} 201',
      'PUT /pix/{e2eid}/devolucao/{id} 201',
    ]);
    expect(conformance.violations).toEqual([]);
  });
});
