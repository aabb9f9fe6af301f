import { ApiPixProblem } from '../../domain/api-pix-problem.js';
import { cobListQuery, listParameters } from './cob-list.query.js';

const WINDOW = { inicio: '2026-03-10T00:00:00Z', fim: '2026-03-11T00:00:00-03:00' };

function refusedProperties(raw: Record<string, unknown>, extra: string[] = []): string[] {
  try {
    cobListQuery(raw, 'cob', 'client-1', extra);
  } catch (err) {
    if (!(err instanceof ApiPixProblem)) throw err;
    expect(err.problem.type).toBe('https://pix.bcb.gov.br/api/v2/error/CobConsultaInvalida');
    return err.problem.violacoes!.map((v) => v.propriedade!).sort();
  }
  throw new Error('not refused');
}

describe('API Pix list query (GET /cob, GET /cobv)', () => {
  it('reads the filters into the charge list query, with the spec’s page defaults', () => {
    const { query, params } = cobListQuery({ ...WINDOW, cpf: '12345678909', status: 'CONCLUIDA' }, 'cob', 'client-1');
    expect(query).toEqual({
      clientId: 'client-1',
      kind: 'immediate',
      createdFrom: new Date('2026-03-10T00:00:00Z'),
      createdTo: new Date('2026-03-11T03:00:00Z'),
      status: 'completed',
      payerDocument: '12345678909',
      limit: 100,
      offset: 0,
    });
    expect(params).toEqual({ ...WINDOW, cpf: '12345678909', status: 'CONCLUIDA', paginacao: { paginaAtual: 0, itensPorPagina: 100 } });
    const page = cobListQuery({ ...WINDOW, 'paginacao.paginaAtual': '3', 'paginacao.itensPorPagina': '1000' }, 'cobv', 'c');
    expect(page.query).toMatchObject({ kind: 'dueDate', limit: 1000, offset: 3000 });
  });

  it('asks cob for charges with or without a location now; a cobv always shows one; any batch matches nothing', () => {
    expect(cobListQuery({ ...WINDOW, locationPresente: 'false' }, 'cob', 'c').query).toMatchObject({ locationPresent: false });
    expect(cobListQuery({ ...WINDOW, locationPresente: 'true' }, 'cob', 'c').query).toMatchObject({ locationPresent: true });
    expect(cobListQuery({ ...WINDOW, locationPresente: 'false' }, 'cobv', 'c').query).toBeNull();
    expect(cobListQuery({ ...WINDOW, locationPresente: 'true' }, 'cobv', 'c').query).not.toHaveProperty('locationPresent');
    expect(cobListQuery({ ...WINDOW, loteCobVId: '7' }, 'cobv', 'c', ['loteCobVId']).query).toBeNull();
  });

  it('refuses each parameter CobConsultaInvalida lists, one violation each', () => {
    expect(refusedProperties({})).toEqual(['fim', 'inicio']);
    expect(refusedProperties({ inicio: '2026-03-10', fim: WINDOW.fim })).toEqual(['inicio']);
    expect(refusedProperties({ inicio: WINDOW.fim, fim: WINDOW.inicio })).toEqual(['fim']);
    expect(refusedProperties({ ...WINDOW, cpf: '12345678909', cnpj: '12345678000195' })).toEqual(['cnpj']);
    expect(refusedProperties({ ...WINDOW, status: 'PAGA', locationPresente: 'sim' })).toEqual(['locationPresente', 'status']);
    expect(refusedProperties({ ...WINDOW, 'paginacao.itensPorPagina': '1001', 'paginacao.paginaAtual': '-1' })).toEqual([
      'paginacao.itensPorPagina',
      'paginacao.paginaAtual',
    ]);
    // The list's window: at most 10,000 items before the page.
    expect(refusedProperties({ ...WINDOW, 'paginacao.itensPorPagina': '1000', 'paginacao.paginaAtual': '11' })).toEqual([
      'paginacao.paginaAtual',
    ]);
    expect(refusedProperties({ ...WINDOW, pagina: '1', inicio: [WINDOW.inicio, WINDOW.inicio] })).toEqual(['inicio', 'pagina']);
    expect(refusedProperties({ ...WINDOW, loteCobVId: 'x' }, ['loteCobVId'])).toEqual(['loteCobVId']);
  });

  it('counts the pages, at least one', () => {
    const params = { ...WINDOW, paginacao: { paginaAtual: 0, itensPorPagina: 3 } };
    expect(listParameters(params, 7).paginacao).toEqual({
      paginaAtual: 0,
      itensPorPagina: 3,
      quantidadeDePaginas: 3,
      quantidadeTotalDeItens: 7,
    });
    expect(listParameters(params, 0).paginacao).toMatchObject({ quantidadeDePaginas: 1, quantidadeTotalDeItens: 0 });
  });
});
