import { pixCallbackBody, pixCallbackUrl, receivedPixOf } from './pix-callback.js';

const AT = new Date('2026-03-10T15:00:00.000Z');
const PAYLOAD = {
  end_to_end_id: 'E12345678202603101500abcdefghijk',
  txid: 'pedido0000000000000000000000001',
  amount: '110.00',
  pix_key: '40a0932d-1918-4eee-845d-35a2da1690dc',
};

describe('API Pix callback', () => {
  it('goes to the registered URL with /pix appended as text, as the spec writes it', () => {
    expect(pixCallbackUrl('https://erp.example.com/api/webhook')).toBe('https://erp.example.com/api/webhook/pix');
    expect(pixCallbackUrl('https://erp.example.com/api/webhook/')).toBe('https://erp.example.com/api/webhook//pix');
    expect(pixCallbackUrl('https://erp.example.com/hook?ignorar=')).toBe('https://erp.example.com/hook?ignorar=/pix');
  });

  it('carries {"pix":[...]} with the payment of a cash_in.completed that has a txid and a key', () => {
    const pix = receivedPixOf(PAYLOAD, AT);
    expect(pix).not.toBeNull();
    expect(JSON.parse(pixCallbackBody(pix!))).toEqual({
      pix: [
        {
          endToEndId: PAYLOAD.end_to_end_id,
          txid: PAYLOAD.txid,
          valor: '110.00',
          chave: PAYLOAD.pix_key,
          horario: '2026-03-10T15:00:00.000Z',
        },
      ],
    });
  });

  it('is the same text for the same payment (a retry sends the same body)', () => {
    expect(pixCallbackBody(receivedPixOf(PAYLOAD, AT)!)).toBe(pixCallbackBody(receivedPixOf({ ...PAYLOAD }, new Date(AT.getTime()))!));
  });

  it('is not made for a payment without a txid or without a key', () => {
    expect(receivedPixOf({ ...PAYLOAD, txid: null }, AT)).toBeNull();
    expect(receivedPixOf({ ...PAYLOAD, pix_key: null }, AT)).toBeNull();
  });
});
