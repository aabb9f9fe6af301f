import { DomainError } from '../../errors/domain-error.js';
import { describeBrCodeField, InvalidBrCodeError } from './br-code.errors.js';

describe('describeBrCodeField', () => {
  it.each([
    ['00', '00 (Payload Format Indicator)'],
    ['26', '26 (Merchant Account Information)'],
    ['26.01', '26.01 (Pix key)'],
    ['27.25', '27.25 (URL)'],
    ['51.02', '51.02 (Additional Information)'],
    ['54', '54 (Transaction Amount)'],
    ['62.05', '62.05 (Reference Label (txid))'],
    ['62.07', '62.07 (in Additional Data Field Template)'],
    ['63', '63 (CRC)'],
    ['80.01', '80.01 (in Unreserved Template)'],
    ['70', '70'],
    ['payload', 'payload'],
  ])('labels %s as %s', (path, label) => {
    expect(describeBrCodeField(path)).toBe(label);
  });
});

describe('InvalidBrCodeError', () => {
  it('is a DomainError with code INVALID_BR_CODE naming the field in message and details', () => {
    const error = new InvalidBrCodeError('53', 'must be "986" (BRL)');
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('INVALID_BR_CODE');
    expect(error.name).toBe('InvalidBrCodeError');
    expect(error.emvField).toBe('53');
    expect(error.message).toBe('Invalid BR Code: 53 (Transaction Currency) must be "986" (BRL)');
    expect(error.details).toEqual([{ field: 'br_code', issue: '53 (Transaction Currency) must be "986" (BRL)' }]);
  });
});
