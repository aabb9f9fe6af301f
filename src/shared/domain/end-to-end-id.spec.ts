import { END_TO_END_ID_PATTERN, newEndToEndId } from './end-to-end-id.js';

describe('newEndToEndId', () => {
  it('has 32 chars: prefix, ISPB, UTC minute stamp and 11 alphanumerics', () => {
    const id = newEndToEndId('12345678', new Date('2026-11-22T20:05:59Z'));
    expect(id).toHaveLength(32);
    expect(id.startsWith('E12345678202611222005')).toBe(true);
    expect(id).toMatch(END_TO_END_ID_PATTERN);
  });

  it('uses D for refunds and differs between calls', () => {
    const now = new Date();
    expect(newEndToEndId('12345678', now, 'D')[0]).toBe('D');
    expect(newEndToEndId('12345678', now)).not.toBe(newEndToEndId('12345678', now));
  });
});
