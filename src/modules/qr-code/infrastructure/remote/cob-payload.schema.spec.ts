import { DomainError } from '../../../../shared/errors/domain-error.js';
import { apiPixPayloadValidators } from '../../../../shared/testing/api-pix-payload-schemas.js';
import { checkCobPayload } from './cob-payload.schema.js';
import { readCobPayload } from './cob-payload.js';

const NOW = new Date('2026-03-10T15:00:00.000Z');
const TXID = 'fc9a4366ff3d4964b5dbc6c91a8722d3';

const cob = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  txid: TXID,
  revisao: 0,
  calendario: { criacao: '2026-03-10T14:55:00.000Z', apresentacao: '2026-03-10T14:59:00.000Z', expiracao: 3600 },
  valor: { original: '150.00' },
  chave: 'loja@example.com',
  status: 'ATIVA',
  ...over,
});

const cobv = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  txid: TXID,
  revisao: 1,
  calendario: {
    criacao: '2026-03-01T10:00:00.000Z',
    apresentacao: '2026-03-10T14:59:00.000Z',
    dataDeVencimento: '2026-03-05',
    validadeAposVencimento: 10,
  },
  devedor: { cpf: '12345678909', nome: 'Maria Souza' },
  recebedor: { cnpj: '11222333000181', nome: 'Loja Exemplo Ltda', logradouro: 'Rua A, 1', cidade: 'Sao Paulo', uf: 'SP', cep: '01000000' },
  valor: { original: '100.00', multa: '2.00', juros: '0.50', abatimento: '0.00', desconto: '0.00', final: '102.50' },
  chave: 'loja@example.com',
  status: 'ATIVA',
  ...over,
});

function refusal(run: () => unknown): { code: string; issue: string } | 'accepted' {
  try {
    run();
    return 'accepted';
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { code: err.code, issue: (err.details as { issue: string }[])[0]!.issue };
  }
}

// docs/adr/0241-a-foreign-payload-is-read-against-its-schema.md
describe('checkCobPayload: another institution’s payload against its API Pix schema', () => {
  // The copied specification's own schemas under ajv: a refusal below that the schema also makes is the schema's, not ours.
  const schema = apiPixPayloadValidators();

  it('accepts the payloads this test starts from, as the schema does', () => {
    expect(schema.cob(cob())).toBe(true);
    expect(schema.cobv(cobv())).toBe(true);
    expect(checkCobPayload(cob(), 'cob')).toMatchObject({ kind: 'cob', txid: TXID, expiracao: 3600 });
    expect(checkCobPayload(cobv(), 'cobv')).toMatchObject({
      kind: 'cobv',
      recebedor: { name: 'Loja Exemplo Ltda', document: '11222333000181' },
    });
  });

  const receiver = (over: Record<string, unknown>) => ({ recebedor: { ...(cobv().recebedor as object), ...over } });
  const cobvCases: [string, Record<string, unknown>, string][] = [
    // The review's case: a cnpj that is not a string skipped the holder check, and its name was shown.
    [
      'a recebedor.cnpj that is a number',
      receiver({ cnpj: 11222333000181, nome: 'RECEITA FEDERAL DO BRASIL' }),
      'recebedor.cnpj must be 14 digits or capital letters',
    ],
    [
      'a recebedor.cpf that is an object',
      { recebedor: { cpf: { value: '12345678909' }, nome: 'RECEITA FEDERAL DO BRASIL', cidade: 'X' } },
      'recebedor.cpf must be 11 digits',
    ],
    ['a recebedor.cnpj that is null', receiver({ cnpj: null }), 'recebedor.cnpj must be 14 digits or capital letters'],
    [
      'a recebedor.nome of 150,044 characters',
      receiver({ nome: 'RECEITA FEDERAL DO BRASIL '.repeat(5771).slice(0, 150_044) }),
      'recebedor.nome must be 1 to 200 characters (is 150044)',
    ],
    ['a recebedor.nome that is not a string', receiver({ nome: ['RECEITA'] }), 'recebedor.nome must be a string'],
    ['a recebedor.uf of three letters', receiver({ uf: 'SPX' }), 'recebedor.uf must be 0 to 2 characters (is 3)'],
    ['a recebedor.cep that is a number', receiver({ cep: 1000000 }), 'recebedor.cep must be a string'],
    ['a devedor.cpf with punctuation', { devedor: { cpf: '123.456.789-09', nome: 'Maria' } }, 'devedor.cpf must be 11 digits'],
    [
      'a devedor.nome over 200 characters',
      { devedor: { cpf: '12345678909', nome: 'M'.repeat(201) } },
      'devedor.nome must be 1 to 200 characters (is 201)',
    ],
    [
      'a solicitacaoPagador over 140 characters',
      { solicitacaoPagador: 'x'.repeat(141) },
      'solicitacaoPagador must be 0 to 140 characters (is 141)',
    ],
    ['a chave over 77 characters', { chave: `${'a'.repeat(70)}@example.com` }, 'chave must be a Pix key'],
    ['a valor.multa as a number', { valor: { original: '100.00', multa: 2, final: '102.00' } }, 'valor.multa must be an amount like 10.00'],
    [
      'a calendario.dataDeVencimento that is no date',
      { calendario: { ...(cobv().calendario as object), dataDeVencimento: '2026-02-30' } },
      'calendario.dataDeVencimento must be a date',
    ],
    [
      'a calendario.criacao that is no date-time',
      { calendario: { ...(cobv().calendario as object), criacao: '2026-03-01 10:00' } },
      'calendario.criacao must be a date-time',
    ],
    ['a revisao beyond int32', { revisao: 2 ** 31 }, 'revisao must be a non-negative integer'],
    [
      'an infoAdicionais entry with a long nome',
      { infoAdicionais: [{ nome: 'n'.repeat(51), valor: 'v' }] },
      'infoAdicionais[0].nome must be 0 to 50 characters (is 51)',
    ],
  ];

  it("the review's case: readCobPayload refuses a recebedor whose cnpj is a number, or whose nome has 150,044 characters", () => {
    for (const over of [cobvCases[0]![1], cobvCases[3]![1]]) {
      expect(refusal(() => readCobPayload(cobv(over), 'cobv', NOW))).toMatchObject({ code: 'QR_PAYLOAD_INVALID' });
    }
  });

  it.each(cobvCases)('refuses a CobVPayload with %s, naming the field, as the schema does', (_, over, issue) => {
    const payload = cobv(over);
    expect(schema.cobv(payload)).toBe(false);
    expect(refusal(() => checkCobPayload(payload, 'cobv'))).toEqual({ code: 'QR_PAYLOAD_INVALID', issue });
  });

  it.each([
    ['no recebedor', { recebedor: undefined }, 'recebedor is required in a CobVPayload'],
    ['no valor.final', { valor: { original: '100.00' } }, 'valor.final must be an amount like 10.00'],
  ])('refuses a CobVPayload with %s, which the schema requires', (_, over, issue) => {
    const payload = cobv(over);
    expect(schema.cobv(payload)).toBe(false);
    expect(refusal(() => checkCobPayload(payload, 'cobv'))).toEqual({ code: 'QR_PAYLOAD_INVALID', issue });
  });

  // Where the schema's letter is looser than its meaning: one person has one document (devedor's description) and
  // a name; `infoAdicionais` caps itself with `maximum: 50`, meant as `maxItems`; `retirada`'s `oneOf` branches
  // each match an object without their property, so an incomplete `saque` would pass beside an absent `troco`.
  it.each([
    ['a recebedor with both cpf and cnpj', receiver({ cpf: '12345678909' }), 'recebedor must have exactly one of cpf and cnpj'],
    [
      'a recebedor with neither cpf nor cnpj',
      { recebedor: { nome: 'Loja', cidade: 'X' } },
      'recebedor must have exactly one of cpf and cnpj',
    ],
    ['a recebedor with an empty nome', receiver({ nome: '' }), 'recebedor.nome must be 1 to 200 characters (is 0)'],
    [
      'infoAdicionais of 51 entries',
      { infoAdicionais: Array.from({ length: 51 }, () => ({ nome: 'a', valor: 'b' })) },
      'infoAdicionais must be a list of at most 50 entries',
    ],
  ])('refuses a CobVPayload with %s', (_, over, issue) => {
    expect(refusal(() => checkCobPayload(cobv(over), 'cobv'))).toEqual({ code: 'QR_PAYLOAD_INVALID', issue });
  });

  it('refuses a CobPayload whose retirada.saque lacks its provider', () => {
    const valor = { original: '150.00', retirada: { saque: { valor: '50.00', modalidadeAgente: 'AGTEC' } } };
    expect(refusal(() => checkCobPayload(cob({ valor }), 'cob'))).toEqual({
      code: 'QR_PAYLOAD_INVALID',
      issue: 'valor.retirada.saque.prestadorDoServicoDeSaque must be an ISPB (8 digits or capital letters)',
    });
  });

  it.each([
    [
      'a calendario.expiracao as text',
      { calendario: { ...(cob().calendario as object), expiracao: 'soon' } },
      'calendario.expiracao must be a non-negative integer',
    ],
    [
      'a valor.modalidadeAlteracao of 2',
      { valor: { original: '150.00', modalidadeAlteracao: 2 } },
      'valor.modalidadeAlteracao must be 0 or 1',
    ],
    ['a devedor that is a string', { devedor: 'Maria' }, 'devedor must be an object'],
  ])('refuses a CobPayload with %s, naming the field, as the schema does', (_, over, issue) => {
    const payload = cob(over);
    expect(schema.cob(payload)).toBe(false);
    expect(refusal(() => checkCobPayload(payload, 'cob'))).toEqual({ code: 'QR_PAYLOAD_INVALID', issue });
  });

  // The schema lists expiracao and validadeAposVencimento as required and gives them defaults; CobVPayloadValor
  // leaves out original. Absent, they are read with their defaults (and original as the final amount).
  it('reads an absent expiracao, validadeAposVencimento and CobVPayload valor.original with their defaults', () => {
    const calendario = { criacao: '2026-03-10T14:55:00Z', apresentacao: '2026-03-10T14:59:00-03:00' };
    expect(readCobPayload(cob({ calendario }), 'cob', NOW).status).toBe('active');
    const noDefaults = cobv({
      calendario: { criacao: '2026-03-01T10:00:00Z', apresentacao: '2026-03-10T14:59:00Z', dataDeVencimento: '2026-02-08' },
      valor: { final: '99.90' },
    });
    const charge = readCobPayload(noDefaults, 'cobv', NOW);
    // 30 days after 2026-02-08 is 2026-03-10, São Paulo's date at NOW: the last day it can be paid.
    expect(charge.status).toBe('active');
    expect(charge.amount.toFixed2()).toBe('99.90');
  });
});
