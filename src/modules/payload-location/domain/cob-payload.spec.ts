import { Money } from '../../../shared/money/money.js';
import { dueDateChargePayload, immediateChargePayload, personOf, type ChargeForPayload } from './cob-payload.js';

const CREATED = new Date('2026-03-10T15:00:00.000Z');
const PRESENTED = new Date('2026-03-10T15:05:30.250Z');

function charge(over: Partial<ChargeForPayload> = {}): ChargeForPayload {
  return {
    txid: 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G',
    revision: 2,
    createdAt: CREATED,
    expiresAt: new Date(CREATED.getTime() + 3600_000),
    amount: Money.of('150.5'),
    pixKey: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
    description: 'Pedido 42',
    expectedPayer: { name: 'Maria Souza', document: '12345678909' },
    ...over,
  };
}

describe('immediateChargePayload (API Pix CobPayload)', () => {
  it('writes the charge as the spec names it: calendario in RFC 3339 and seconds, valor as a decimal string', () => {
    expect(immediateChargePayload(charge(), PRESENTED)).toEqual({
      txid: 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G',
      revisao: 2,
      calendario: { criacao: '2026-03-10T15:00:00.000Z', apresentacao: '2026-03-10T15:05:30.250Z', expiracao: 3600 },
      devedor: { cpf: '12345678909', nome: 'Maria Souza' },
      valor: { original: '150.50' },
      chave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
      status: 'ATIVA',
      solicitacaoPagador: 'Pedido 42',
    });
  });

  it('leaves out devedor unless both a name and a CPF or CNPJ are known, and solicitacaoPagador without a description', () => {
    for (const expectedPayer of [null, { name: 'Maria', document: null }, { name: null, document: '12345678909' }]) {
      const payload = immediateChargePayload(charge({ expectedPayer, description: null }), PRESENTED);
      expect(payload).not.toHaveProperty('devedor');
      expect(payload).not.toHaveProperty('solicitacaoPagador');
    }
    const company = immediateChargePayload(charge({ expectedPayer: { name: 'Loja', document: '11222333000181' } }), PRESENTED);
    expect(company.devedor).toEqual({ cnpj: '11222333000181', nome: 'Loja' });
  });

  it('counts expiracao from criacao, whole seconds', () => {
    const payload = immediateChargePayload(charge({ expiresAt: new Date(CREATED.getTime() + 1_000) }), PRESENTED);
    expect(payload.calendario.expiracao).toBe(1);
  });
});

describe('dueDateChargePayload (API Pix CobVPayload)', () => {
  const due = {
    dueDate: '2026-03-20',
    daysPayableAfterDue: 30,
    amounts: {
      finalAmount: Money.of('105.5'),
      penalty: Money.of('5'),
      interest: Money.of('0.5'),
      rebate: Money.of('0'),
      discount: Money.of('0'),
    },
    receiver: {
      name: 'Loja Exemplo Ltda',
      document: '11222333000181',
      street: 'Rua A, 1',
      city: 'SAO PAULO',
      state: 'SP',
      postalCode: '01310100',
    },
  };

  it('writes calendario with the due date and its validity, recebedor, and every part of valor', () => {
    expect(dueDateChargePayload(charge({ amount: Money.of('100') }), due, PRESENTED)).toEqual({
      txid: 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G',
      revisao: 2,
      calendario: {
        criacao: '2026-03-10T15:00:00.000Z',
        apresentacao: '2026-03-10T15:05:30.250Z',
        dataDeVencimento: '2026-03-20',
        validadeAposVencimento: 30,
      },
      devedor: { cpf: '12345678909', nome: 'Maria Souza' },
      recebedor: {
        cnpj: '11222333000181',
        nome: 'Loja Exemplo Ltda',
        logradouro: 'Rua A, 1',
        cidade: 'SAO PAULO',
        uf: 'SP',
        cep: '01310100',
      },
      valor: { original: '100.00', multa: '5.00', juros: '0.50', abatimento: '0.00', desconto: '0.00', final: '105.50' },
      chave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
      status: 'ATIVA',
      solicitacaoPagador: 'Pedido 42',
    });
  });

  it('gives recebedor only the address parts the charge has', () => {
    const bare = { ...due, receiver: { name: 'Ana', document: '12345678909', city: 'RIO' } };
    expect(dueDateChargePayload(charge(), bare, PRESENTED).recebedor).toEqual({ cpf: '12345678909', nome: 'Ana', cidade: 'RIO' });
  });
});

describe('personOf', () => {
  it('is a CPF (11 digits) or a CNPJ (14), with the name; nothing else', () => {
    expect(personOf('Ana', '12345678909')).toEqual({ cpf: '12345678909', nome: 'Ana' });
    expect(personOf('Loja', '11222333000181')).toEqual({ cnpj: '11222333000181', nome: 'Loja' });
    expect(personOf('Ana', '123')).toBeNull();
    expect(personOf('', '12345678909')).toBeNull();
  });
});
