import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { APP_CONFIG, type AppConfig } from '../../src/config/app.config.js';
import { ParticipantDirectory } from '../../src/modules/participants/application/participant-directory.js';
import { http, newClient, startApp } from '../support/test-app.js';

describe('Pix participant list (e2e)', () => {
  describe('the list shipped in data/', () => {
    let app: NestExpressApplication;

    beforeAll(async () => {
      app = await startApp();
    });

    afterAll(() => app.close());

    it('is loaded at start-up: BCB names by ISPB, and this service under its own name', () => {
      const participants = app.get(ParticipantDirectory);
      const config = app.get<AppConfig>(APP_CONFIG);
      expect(participants.all()).toHaveLength(908);
      expect(participants.find('00000000')?.name).toBe('BCO DO BRASIL S.A.');
      expect(participants.find('60701190')?.name).toBe('ITAÚ UNIBANCO S.A.');
      expect(participants.find(config.pspIspb)?.name).toBe('Instant Payments Sandbox');
      expect(participants.find('12345670')).toBeNull();
    });

    it('places a simulated external key at an account provider of the list', async () => {
      const c = await newClient(app);
      const res = await http(app).get('/api/v1/pix/keys/%2B5521987650001').set(c.auth);
      expect(res.status).toBe(200);
      expect(app.get(ParticipantDirectory).find(res.body.data.ispb)?.providesAccounts).toBe(true);
    });
  });

  describe('PARTICIPANTS_FILE and PSP_NAME', () => {
    let app: NestExpressApplication;
    let dir: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'participants-'));
      const file = join(dir, 'lista-participantes-instituicoes-em-adesao-pix-20260105.csv');
      // As BCB publishes it: Windows-1252, CRLF.
      const csv = [
        'Lista de participantes ativos do Pix',
        ' ;Nome Reduzido;ISPB;CNPJ;Tipo de Instituição;Autorizada pelo BCB;Tipo de Participação no SPI;Tipo de Participação no Pix;Modalidade de Participação no Pix;Iniciação de Transação de Pagamento;Facilitador de serviço de Saque e Troco (FSS)',
        '1;BANCO AÇÚCAR S.A.;12345678;12.345.678/0001-95;Banco Múltiplo;Sim;Direta;Obrigatória;Provedor de Conta Transacional;Sim;Não',
        '2;INICIADORA;87654321;87.654.321/0001-00;Instituição de Pagamento;Sim;Direta;Facultativa;Iniciador;Sim;N/A',
        '',
      ].join('\r\n');
      writeFileSync(file, Buffer.from(csv, 'latin1'));
      app = await startApp({ participantsFile: file, pspName: 'Banco Sandbox de Testes' });
    });

    afterAll(async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('reads the configured file instead, decoding Windows-1252, and answers the configured name for this service', () => {
      const participants = app.get(ParticipantDirectory);
      expect(participants.all().map((p) => [p.ispb, p.name])).toEqual([
        ['12345678', 'BANCO AÇÚCAR S.A.'],
        ['87654321', 'INICIADORA'],
      ]);
      expect(participants.find(app.get<AppConfig>(APP_CONFIG).pspIspb)?.name).toBe('Banco Sandbox de Testes');
    });

    it('places simulated external accounts only at account providers of that list', async () => {
      const c = await newClient(app);
      for (const key of ['ana@example.com', 'bruno@example.com', '+5511912345678']) {
        const res = await http(app)
          .get(`/api/v1/pix/keys/${encodeURIComponent(key)}`)
          .set(c.auth);
        expect(res.status).toBe(200);
        expect(res.body.data.ispb).toBe('12345678');
      }
    });
  });
});
