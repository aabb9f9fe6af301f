import { ApiPixProblem } from '../../domain/api-pix-problem.js';
import { ApiPixQuery } from './api-pix-query.js';

const WINDOW = { inicio: '2026-03-10T00:00:00Z', fim: '2026-03-11T00:00:00Z' };
const propertiesOf = (q: ApiPixQuery) => q.violacoes.map((v) => v.propriedade);

describe('ApiPixQuery (the rules every API Pix list reads its query by)', () => {
  it('reads a valid query: the period, a flag, the page (100 a page by default)', () => {
    const q = new ApiPixQuery({ ...WINDOW, txIdPresente: 'true', 'paginacao.paginaAtual': '2' }, ['inicio', 'fim', 'txIdPresente']);
    expect(q.period(true)).toEqual(WINDOW);
    expect(q.flag('txIdPresente')).toBe(true);
    expect(q.page()).toEqual({ paginaAtual: 2, itensPorPagina: 100 });
    expect(() => q.done('loc')).not.toThrow();
  });

  it('names every parameter at fault once: unknown, repeated, required, not RFC 3339, fim before inicio', () => {
    const q = new ApiPixQuery({ inicio: ['a', 'b'], other: 'x' }, ['inicio', 'fim']);
    q.period(true);
    expect(propertiesOf(q)).toEqual(['other', 'inicio', 'fim']);
    const late = new ApiPixQuery({ inicio: '2026-03-11T00:00:00Z', fim: '2026-03-10T00:00:00Z' }, ['inicio', 'fim']);
    late.period(true);
    expect(propertiesOf(late)).toEqual(['fim']);
    const bad = new ApiPixQuery({ inicio: '2026-03-10', fim: '2026-03-11T00:00:00Z' }, ['inicio', 'fim']);
    bad.period(true);
    expect(bad.violacoes).toEqual([expect.objectContaining({ propriedade: 'inicio', valor: '2026-03-10' })]);
  });

  it('takes an optional period when the operation says so (GET /webhook)', () => {
    const q = new ApiPixQuery({}, ['inicio', 'fim']);
    expect(q.period(false)).toEqual({ inicio: undefined, fim: undefined });
    expect(q.violacoes).toEqual([]);
  });

  it('bounds the page: 1 to 1000 items, a start within 10,000 items', () => {
    const size = new ApiPixQuery({ 'paginacao.itensPorPagina': '1001' }, []);
    size.page();
    expect(propertiesOf(size)).toEqual(['paginacao.itensPorPagina']);
    const far = new ApiPixQuery({ 'paginacao.paginaAtual': '11', 'paginacao.itensPorPagina': '1000' }, []);
    far.page();
    expect(propertiesOf(far)).toEqual(['paginacao.paginaAtual']);
    const last = new ApiPixQuery({ 'paginacao.paginaAtual': '10', 'paginacao.itensPorPagina': '1000' }, []);
    expect(last.page()).toEqual({ paginaAtual: 10, itensPorPagina: 1000 });
    expect(last.violacoes).toEqual([]);
  });

  it("cpf and cnpj: each by its schema, never both; done throws the resource's ConsultaInvalida with every violation", () => {
    const q = new ApiPixQuery({ cpf: '123', cnpj: '12345678000195', flag: 'sim' }, ['cpf', 'cnpj', 'flag']);
    q.document();
    q.flag('flag');
    expect(propertiesOf(q)).toEqual(['cpf', 'cnpj', 'flag']);
    try {
      q.done('webhook');
      throw new Error('accepted');
    } catch (err) {
      expect((err as ApiPixProblem).problem).toMatchObject({
        type: 'https://pix.bcb.gov.br/api/v2/error/WebhookConsultaInvalida',
        status: 400,
        violacoes: q.violacoes,
      });
    }
  });
});
