import { Client } from './client.aggregate.js';
import { MeiRequiresCnpjError } from './identity.errors.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const CPF = '52998224725';
const CNPJ = '11222333000181';

describe('Client: the MEI flag', () => {
  it('registers a CNPJ client as a MEI when asked, and as no MEI by default', () => {
    expect(Client.register('c1', 'Loja', CNPJ, NOW, true)).toMatchObject({ personType: 'LEGAL_PERSON', mei: true });
    expect(Client.register('c2', 'Loja', CNPJ, NOW).mei).toBe(false);
    expect(Client.register('c3', 'Ana', CPF, NOW).mei).toBe(false);
  });

  it('refuses a MEI with a CPF (MEI_REQUIRES_CNPJ)', () => {
    expect(() => Client.register('c4', 'Ana', CPF, NOW, true)).toThrow(MeiRequiresCnpjError);
    expect(() => Client.register('c4', 'Ana', CPF, NOW, true)).toThrow(expect.objectContaining({ code: 'MEI_REQUIRES_CNPJ' }));
  });
});
