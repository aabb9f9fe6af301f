import { isPrintableText } from './is-printable-text.validator.js';

describe('isPrintableText', () => {
  it('accepts any script, spaces, slashes, accents and emoji sequences', () => {
    for (const ok of ['order 2026/0042', 'São Paulo — aluguel', '北京', '👩‍👩‍👧', 'a\u200bb', '']) expect(isPrintableText(ok)).toBe(true);
  });

  it('refuses control characters, C1 controls and lone surrogates', () => {
    for (const bad of ['a\u0000', 'bell\u0007', 'line\nbreak', 'tab\t', 'del\u007f', 'nel\u0085', '\u001b[31mred', 'half\ud800']) {
      expect({ bad, ok: isPrintableText(bad) }).toEqual({ bad, ok: false });
    }
    expect(isPrintableText(42)).toBe(false);
  });
});
