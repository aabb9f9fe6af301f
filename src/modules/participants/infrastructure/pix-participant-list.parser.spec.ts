import { resolve } from 'node:path';
import { CsvParticipantDirectory } from './csv-participant-directory.adapter.js';
import { decodeParticipantFile, parsePixParticipantList } from './pix-participant-list.parser.js';

const HEADER =
  ' ;Nome Reduzido;ISPB;CNPJ;Tipo de Instituição;Autorizada pelo BCB;Tipo de Participação no SPI;Tipo de Participação no Pix;Modalidade de Participação no Pix;Iniciação de Transação de Pagamento;Facilitador de serviço de Saque e Troco (FSS)';
const SAMPLE = [
  'Lista de participantes ativos do Pix',
  HEADER,
  '1;BANCO AÇÚCAR S.A.;12345678;12.345.678/0001-95;Banco Múltiplo;Sim;Direta;Obrigatória;Provedor de Conta Transacional;Sim;Não',
  '2;SÓ INICIADOR LTDA;;11.222.333/0001-81;Instituição de Pagamento;Sim;;Facultativa;Iniciador;Sim;N/A',
  '3;LIQUIDANTE;87654321;87.654.321/0001-00;Banco Múltiplo;Sim;Direta;Facultativa;Liquidante Especial;Não;Não',
  '',
  'Lista de instituições em processo de adesão ao Pix',
  ' ;Nome Reduzido;ISPB;CNPJ;Tipo de Instituição;Autorizada pelo BCB;Tipo de Participação no SPI;Tipo de Participação no Pix;Modalidade de Participação no Pix;Status da adesão',
  '1;ENTRANDO SCD;59396084;59.396.084/0001-77;Sociedade de Crédito Direto;Sim;Direta;Facultativa;Provedor de Conta Transacional;Etapa Homologatória',
].join('\n');

describe('parsePixParticipantList', () => {
  it('reads the active section by header name, skipping rows without an ISPB', () => {
    expect(parsePixParticipantList(SAMPLE)).toEqual([
      { ispb: '12345678', name: 'BANCO AÇÚCAR S.A.', shortName: 'BANCO AÇÚCAR S.A.', providesAccounts: true },
      { ispb: '87654321', name: 'LIQUIDANTE', shortName: 'LIQUIDANTE', providesAccounts: false },
    ]);
  });

  it('stops at the blank line: institutions still joining are not participants', () => {
    expect(parsePixParticipantList(SAMPLE).map((p) => p.ispb)).not.toContain('59396084');
  });

  it('accepts CRLF line endings', () => {
    expect(parsePixParticipantList(SAMPLE.replace(/\n/g, '\r\n'))).toHaveLength(2);
  });

  it('refuses a file without the expected header', () => {
    expect(() => parsePixParticipantList('ISPB,Nome_Reduzido\n00000000,BCO DO BRASIL S.A.')).toThrow(/no header/);
  });

  it('refuses a list without any ISPB', () => {
    expect(() => parsePixParticipantList(`${HEADER}\n1;X;;;;;;;Iniciador;;`)).toThrow(/no participant/);
  });
});

describe('decodeParticipantFile', () => {
  it('reads UTF-8 as UTF-8 and a Windows-1252 download (as BCB publishes it) without mangling accents', () => {
    expect(decodeParticipantFile(Buffer.from('Participação', 'utf8'))).toBe('Participação');
    expect(decodeParticipantFile(Buffer.from('Participação', 'latin1'))).toBe('Participação');
  });
});

describe('the shipped list (data/)', () => {
  const file = resolve(process.cwd(), 'data', 'lista-participantes-instituicoes-em-adesao-pix-20251223.csv');
  const directory = CsvParticipantDirectory.load(file, { ispb: '99999004', name: 'Instant Payments Sandbox' });

  it('holds the 908 active participants that have an ISPB, 903 of them account providers', () => {
    expect(directory.all()).toHaveLength(908);
    expect(directory.all().filter((p) => p.providesAccounts)).toHaveLength(903);
    expect(directory.all().every((p) => /^\d{8}$/.test(p.ispb))).toBe(true);
  });

  it('finds participants by ISPB with their short names, accents intact', () => {
    expect(directory.find('00000000')?.name).toBe('BCO DO BRASIL S.A.');
    expect(directory.find('18236120')?.name).toBe('NU PAGAMENTOS - IP');
    expect(directory.all().some((p) => /[ÇÃÉÍÓÚ]/.test(p.name))).toBe(true);
  });

  it('answers for this service with its configured name, but does not list it', () => {
    expect(directory.find('99999004')).toMatchObject({ ispb: '99999004', name: 'Instant Payments Sandbox' });
    expect(directory.all().map((p) => p.ispb)).not.toContain('99999004');
    expect(directory.find('12345670')).toBeNull();
  });

  it('fails loudly when the file is missing', () => {
    expect(() => CsvParticipantDirectory.load('/nonexistent/list.csv', { ispb: '99999004', name: 'X' })).toThrow(/PARTICIPANTS_FILE/);
  });
});
