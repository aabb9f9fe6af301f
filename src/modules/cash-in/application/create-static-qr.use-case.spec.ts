import { parseBrCode } from '../../../shared/domain/br-code/br-code.js';
import type { AccountDirectory } from '../../identity/application/account-directory.js';
import type { ReceivingKeys } from '../../keys/application/receiving-keys.service.js';
import { CreateStaticQrUseCase, descriptionRoom } from './create-static-qr.use-case.js';

const EVP = '4f1c2b8e-9a4d-4c6e-8f7a-1b2c3d4e5f60';
const LONG_EMAIL = `${'a'.repeat(65)}@example.com`; // 77 characters, the longest e-mail key
/** The keys the fake directory holds: client B's, on account acc-b. */
const HELD: Record<string, { client: string; type: 'EVP' | 'EMAIL' }> = {
  [EVP]: { client: 'client-b', type: 'EVP' },
  'loja@example.com': { client: 'client-b', type: 'EMAIL' },
  [LONG_EMAIL]: { client: 'client-b', type: 'EMAIL' },
};

const keys = {
  ownActive: async (clientId: string, keyValue: string) => {
    const held = HELD[keyValue];
    return held && held.client === clientId ? { keyType: held.type, keyValue, accountId: 'acc-b' } : null;
  },
} as unknown as ReceivingKeys;
const accounts = {
  ownAccount: async (clientId: string, accountId?: string) => ({
    account: { id: accountId },
    holder: { id: clientId, name: 'Loja Beta Comércio Ltda' },
  }),
} as unknown as AccountDirectory;

describe('CreateStaticQrUseCase', () => {
  const useCase = new CreateStaticQrUseCase(keys, accounts, { pixMerchantCity: 'SAO PAULO' });
  const make = (over: Record<string, string> = {}) => useCase.execute({ clientId: 'client-b', pixKey: 'loja@example.com', ...over });
  const refusal = (over: Record<string, string>) =>
    make(over).then(
      () => null,
      (err: { code: string; details: unknown }) => ({ code: err.code, details: err.details }),
    );

  it('writes a static code with key, amount, description (26-02) and txid (62-05) that the parser reads back', async () => {
    const code = await make({ amount: '25.5', txid: 'INV2026000042', description: 'Pedido 42' });
    expect(code).toMatchObject({ pixKey: 'loja@example.com', amount: '25.50', txid: 'INV2026000042', description: 'Pedido 42' });
    expect(parseBrCode(code.qrCodeText)).toMatchObject({
      type: 'static',
      pixKey: 'loja@example.com',
      amount: '25.50',
      txid: 'INV2026000042',
      additionalInfo: 'Pedido 42',
      merchantName: 'Loja Beta Comercio Ltda',
      merchantCity: 'SAO PAULO',
      pointOfInitiation: 'static',
    });
  });

  it('without txid, amount or description: `***`, no field 54, no 26-02, and nulls in the answer', async () => {
    const code = await make();
    expect(code).toMatchObject({ amount: null, txid: null, description: null });
    const read = parseBrCode(code.qrCodeText);
    expect(read.txid).toBe('***');
    expect(read.amount).toBeUndefined();
    expect(read.additionalInfo).toBeUndefined();
  });

  it("answers another client's key, and a key nobody holds, as not registered (404)", async () => {
    await expect(useCase.execute({ clientId: 'client-a', pixKey: 'loja@example.com' })).rejects.toMatchObject({
      code: 'PIX_KEY_NOT_REGISTERED',
    });
    await expect(make({ pixKey: 'nobody@example.com' })).rejects.toMatchObject({ code: 'PIX_KEY_NOT_REGISTERED' });
  });

  it('refuses a txid longer than 25 or with symbols, naming the field', async () => {
    for (const txid of ['A'.repeat(26), 'INV-42', 'pedido 42', '***']) {
      await expect(refusal({ txid })).resolves.toEqual({
        code: 'VALIDATION_ERROR',
        details: [{ field: 'txid', issue: 'must be 1 to 25 letters and digits' }],
      });
    }
    await expect(make({ txid: 'A'.repeat(25) })).resolves.toMatchObject({ txid: 'A'.repeat(25) });
  });

  it('refuses an amount field 54 cannot hold (more than 10 integer digits)', async () => {
    await expect(refusal({ amount: '12345678901.00' })).resolves.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'amount' }],
    });
    await expect(make({ amount: '1234567890.99' })).resolves.toMatchObject({ amount: '1234567890.99' });
  });

  it('fits the description in field 26 next to the key: exactly the room is written, one more is refused', async () => {
    const room = descriptionRoom(EVP);
    expect(room).toBe(37);
    await expect(make({ pixKey: EVP, description: 'x'.repeat(room) })).resolves.toMatchObject({ description: 'x'.repeat(37) });
    await expect(refusal({ pixKey: EVP, description: 'x'.repeat(room + 1) })).resolves.toEqual({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'description', issue: 'must be at most 37 characters with this key (field 26 holds 99 characters)' }],
    });
    await expect(refusal({ pixKey: LONG_EMAIL, description: 'x' })).resolves.toMatchObject({ details: [{ field: 'description' }] });
  });

  it('refuses a description that is not plain ASCII (the BR Code is written in ASCII)', async () => {
    await expect(refusal({ description: 'Promoção' })).resolves.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'description' }],
    });
  });
});
