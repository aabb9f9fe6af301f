import { problemOf, type Refusal } from './api-pix-problem.js';

const refusal = (code: string, status: number, details: Refusal['details'] = []): Refusal => ({
  code,
  status,
  message: `${code} said`,
  details,
});
const cob = (f: string) => (f.startsWith('cob.') ? f : `cob.${f}`);

describe("API Pix problem details from the service's refusals", () => {
  it('names each refused field in violacoes, under the resource’s OperacaoInvalida', () => {
    const p = problemOf(refusal('VALIDATION_ERROR', 400, [{ field: 'valor.original', issue: 'é zero' }]), 'cob', cob);
    // spec, "Tratamento de erros": type https://pix.bcb.gov.br/api/v2/error/<TipoErro>
    expect(p).toEqual({
      type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
      title: 'Cobrança inválida.',
      status: 400,
      detail: expect.any(String),
      violacoes: [{ razao: 'O campo cob.valor.original é zero', propriedade: 'cob.valor.original' }],
    });
  });

  it("gives a refusal without fields the spec's own violation", () => {
    expect(problemOf(refusal('TXID_IN_USE', 409), 'cob', cob)).toMatchObject({
      status: 400,
      violacoes: [{ razao: 'O campo cob.txid encontra-se em uso.', propriedade: 'cob.txid' }],
    });
    expect(problemOf(refusal('PIX_KEY_NOT_REGISTERED', 404), 'cob', cob).violacoes).toEqual([
      expect.objectContaining({ propriedade: 'cob.chave' }),
    ]);
  });

  it('scope and principal refusals are AcessoNegado; not found is the resource’s; outages ServicoIndisponivel', () => {
    expect(problemOf(refusal('INSUFFICIENT_SCOPE', 403), 'cob', cob).type).toMatch(/\/AcessoNegado$/);
    expect(problemOf(refusal('FORBIDDEN', 403), 'cob', cob).type).toMatch(/\/AcessoNegado$/);
    expect(problemOf(refusal('CASH_IN_NOT_FOUND', 404), 'cob', cob)).toMatchObject({
      status: 404,
      type: expect.stringMatching(/\/CobNaoEncontrado$/),
    });
    expect(problemOf(refusal('ROUTE_NOT_FOUND', 404), null, cob).type).toMatch(/\/NaoEncontrado$/);
    expect(problemOf(refusal('SERVICE_UNAVAILABLE', 503), 'cob', cob)).toMatchObject({
      status: 503,
      type: expect.stringMatching(/\/ServicoIndisponivel$/),
    });
  });

  it('a 401 or 429 has no API Pix type (about:blank), and a 500 shows nothing of its cause', () => {
    expect(problemOf(refusal('INVALID_TOKEN', 401), 'cob', cob)).toMatchObject({ type: 'about:blank', status: 401 });
    expect(problemOf(refusal('RATE_LIMITED', 429), 'cob', cob)).toMatchObject({ type: 'about:blank', status: 429 });
    const internal = problemOf({ code: 'INTERNAL_ERROR', status: 500, message: 'SELECT secret FROM x', details: [] }, 'cob', cob);
    expect(JSON.stringify(internal)).not.toContain('SELECT');
  });

  it('answers the webhook resource in its own words (tag Webhook)', () => {
    const webhook = (f: string) => (f === 'url' ? 'webhook.webhookUrl' : f);
    expect(problemOf(refusal('WEBHOOK_TARGET_NOT_ALLOWED', 400, [{ field: 'url', issue: 'must use https' }]), 'webhook', webhook)).toEqual({
      type: 'https://pix.bcb.gov.br/api/v2/error/WebhookOperacaoInvalida',
      title: 'Operação inválida.',
      status: 400,
      detail: expect.any(String),
      violacoes: [{ razao: 'O campo webhook.webhookUrl must use https', propriedade: 'webhook.webhookUrl' }],
    });
    expect(problemOf(refusal('PIX_KEY_NOT_REGISTERED', 404), 'webhook', webhook).violacoes).toEqual([
      expect.objectContaining({ propriedade: 'chave' }),
    ]);
    expect(problemOf(refusal('WEBHOOK_NOT_FOUND', 404), 'webhook', webhook)).toMatchObject({
      status: 404,
      type: 'https://pix.bcb.gov.br/api/v2/error/WebhookNaoEncontrado',
      title: 'Webhook não encontrado.',
    });
  });
});

describe('API Pix problem details of tag Pix', () => {
  const property = (f: string) => ({ amount: 'devolucao.valor', external_id: 'id' })[f] ?? f;

  it("answers a refund's refusals as PixDevolucaoInvalida with the spec's own violation", () => {
    expect(
      problemOf(refusal('REFUND_EXCEEDS_AVAILABLE', 400, [{ field: 'amount', issue: 'at most 1.00' }]), 'pix', property),
    ).toMatchObject({
      type: 'https://pix.bcb.gov.br/api/v2/error/PixDevolucaoInvalida',
      status: 400,
      violacoes: [{ razao: expect.stringContaining('excederia o valor do pix originário'), propriedade: 'devolucao.valor' }],
    });
    expect(problemOf(refusal('DUPLICATE_EXTERNAL_ID', 409), 'pix', property)).toMatchObject({
      status: 400,
      violacoes: [expect.objectContaining({ propriedade: 'id' })],
    });
  });

  it('answers a Pix not received as PixNaoEncontrado and a refund not found as PixDevolucaoNaoEncontrada', () => {
    expect(problemOf(refusal('ORIGINAL_PAYMENT_NOT_FOUND', 400), 'pix', property)).toMatchObject({
      type: 'https://pix.bcb.gov.br/api/v2/error/PixNaoEncontrado',
      status: 404,
    });
    expect(problemOf(refusal('REVERSAL_NOT_FOUND', 404), 'pix', property)).toMatchObject({
      type: 'https://pix.bcb.gov.br/api/v2/error/PixDevolucaoNaoEncontrada',
      status: 404,
    });
  });
});
