import { selectFlow } from './cash-out-flow.js';
import { InvalidCashOutRequestError } from './cash-out.errors.js';

const bank = {
  receiverName: 'Ana',
  receiverDocument: '52998224725',
  receiverIspb: '00000000',
  receiverBranch: '0001',
  receiverAccount: '123',
  receiverAccountType: 'checking',
};

describe('selectFlow', () => {
  it('picks the flow from the fields supplied', () => {
    expect(selectFlow({ pixKey: 'a@b.co', pixKeyType: 'EMAIL' }, undefined)).toBe('key');
    expect(selectFlow(bank, undefined)).toBe('bank');
    expect(selectFlow({}, 'E123')).toBe('qr');
  });

  /** What `act` throws: an InvalidCashOutRequestError (VALIDATION_ERROR), as message and details. */
  const refusal = (act: () => unknown) => {
    try {
      act();
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidCashOutRequestError);
      const { code, message, details } = e as InvalidCashOutRequestError;
      expect(code).toBe('VALIDATION_ERROR');
      return { message, details };
    }
    throw new Error('expected a refusal');
  };
  const mixed = (...fields: string[]) => ({
    message: `Fields of more than one flow were given: ${fields.join(', ')}`,
    details: fields.map((field) => ({ field, issue: 'mixes cash-out flows' })),
  });
  const missing = (...fields: string[]) => ({
    message: `Missing field(s) for this flow: ${fields.join(', ')}`,
    details: fields.map((field) => ({ field, issue: 'required for this flow' })),
  });

  it('refuses mixed flows naming every offending field', () => {
    expect(refusal(() => selectFlow({ pixKey: 'x', pixKeyType: 'EVP', receiverName: 'Ana' }, undefined))).toEqual(
      mixed('pix_key', 'pix_key_type', 'receiver_name'),
    );
    expect(refusal(() => selectFlow({ pixKey: 'x', pixKeyType: 'EVP' }, 'E1'))).toEqual(
      mixed('pix_key', 'pix_key_type', 'X-Pix-Lookup-E2E'),
    );
  });

  it('names the missing fields of a partial flow', () => {
    expect(refusal(() => selectFlow({ pixKey: 'x' }, undefined))).toEqual(missing('pix_key_type'));
    const { receiverIspb: _dropped, ...partial } = bank;
    expect(refusal(() => selectFlow(partial, undefined))).toEqual(missing('receiver_ispb'));
  });

  it('refuses a body with no flow at all', () => {
    const none = {
      message: 'Supply pix_key and pix_key_type, the receiver_* bank fields, or X-Pix-Lookup-E2E',
      details: [{ field: 'pix_key', issue: 'required unless bank details or X-Pix-Lookup-E2E are given' }],
    };
    expect(refusal(() => selectFlow({}, undefined))).toEqual(none);
    expect(refusal(() => selectFlow({}, ''))).toEqual(none);
  });
});
