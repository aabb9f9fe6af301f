import { selectFlow } from './cash-out-flow.js';

const bank = {
  receiver_name: 'Ana',
  receiver_document: '52998224725',
  receiver_ispb: '00000000',
  receiver_branch: '0001',
  receiver_account: '123',
  receiver_account_type: 'checking',
};

describe('selectFlow', () => {
  it('picks the flow from the fields supplied', () => {
    expect(selectFlow({ pix_key: 'a@b.co', pix_key_type: 'EMAIL' }, undefined)).toBe('key');
    expect(selectFlow(bank, undefined)).toBe('bank');
    expect(selectFlow({}, 'E123')).toBe('qr');
  });

  it('refuses mixed flows naming every offending field', () => {
    try {
      selectFlow({ pix_key: 'x', pix_key_type: 'EVP', receiver_name: 'Ana' }, undefined);
      throw new Error('expected a refusal');
    } catch (e) {
      const err = e as { code: string; details: { field: string }[] };
      expect(err.code).toBe('VALIDATION_ERROR');
      expect(err.details.map((d) => d.field)).toEqual(['pix_key', 'pix_key_type', 'receiver_name']);
    }
    expect(() => selectFlow({ pix_key: 'x', pix_key_type: 'EVP' }, 'E1')).toThrow(/more than one flow/);
  });

  it('names the missing fields of a partial flow', () => {
    expect(() => selectFlow({ pix_key: 'x' }, undefined)).toThrow(/pix_key_type/);
    const { receiver_ispb: _dropped, ...partial } = bank;
    expect(() => selectFlow(partial, undefined)).toThrow(/receiver_ispb/);
  });

  it('refuses a body with no flow at all', () => {
    expect(() => selectFlow({}, undefined)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    expect(() => selectFlow({}, '')).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });
});
