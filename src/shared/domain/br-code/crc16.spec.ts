import { crc16CcittFalse } from './crc16.js';

describe('crc16CcittFalse', () => {
  it('gives the CRC-16/CCITT-FALSE check value 29B1 for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('returns the initial value for no input and pads to four upper-case digits', () => {
    expect(crc16CcittFalse('')).toBe('FFFF');
    expect(crc16CcittFalse('A')).toBe('B915');
    expect(crc16CcittFalse('123456789')).toMatch(/^[0-9A-F]{4}$/);
  });

  it('matches the BR Code manual example payload (CRC 1D3D)', () => {
    const body =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
      '5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16CcittFalse(body)).toBe('1D3D');
  });

  it('hashes the UTF-8 bytes of non-ASCII text', () => {
    // "é" is C3 A9 in UTF-8 (CRC 7ACB); read as the single Latin-1 byte E9 it would be 8DF7.
    expect(crc16CcittFalse('é')).toBe('7ACB');
  });
});
