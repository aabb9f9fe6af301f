import { Money } from '../../../shared/money/money.js';
import { DEFAULT_LIMITS, effectiveCaps } from './default-limits.js';
import { LimitSheet } from './limit-sheet.value-object.js';

const m = (s: string) => Money.of(s);
const used = (daytime: string, nighttime: string, daily: string, monthly: string) => ({
  daytime: m(daytime),
  nighttime: m(nighttime),
  daily: m(daily),
  monthly: m(monthly),
});

describe('default limits', () => {
  it('gives natural persons the documented pix_out caps and legal persons ten times as much', () => {
    const n = DEFAULT_LIMITS.NATURAL_PERSON.pix_out;
    expect([n.daytime, n.nighttime, n.daily, n.monthly].map((x) => x.toFixed2())).toEqual(['5000.00', '1000.00', '6000.00', '50000.00']);
    const l = DEFAULT_LIMITS.LEGAL_PERSON.pix_out;
    expect([l.daytime, l.nighttime, l.daily, l.monthly].map((x) => x.toFixed2())).toEqual([
      '50000.00',
      '10000.00',
      '60000.00',
      '500000.00',
    ]);
    expect(DEFAULT_LIMITS.LEGAL_PERSON.boleto.daily.toFixed2()).toBe('100000.00');
  });

  it('lets an approved override replace one period only', () => {
    const caps = effectiveCaps({ personType: 'NATURAL_PERSON' }, 'pix_out', { nighttime: m('2500.00') });
    expect(caps.nighttime.toFixed2()).toBe('2500.00');
    expect(caps.daytime.toFixed2()).toBe('5000.00');
  });

  // Resolução BCB nº 1/2020 as amended by nº 142/2021: a MEI gets the natural person's nighttime Pix cap
  it("gives a MEI the natural person's nighttime pix_out cap and a legal person's every other cap", () => {
    const mei = effectiveCaps({ personType: 'LEGAL_PERSON', mei: true }, 'pix_out');
    expect(mei.nighttime.toFixed2()).toBe('1000.00');
    expect([mei.daytime, mei.daily, mei.monthly].map((x) => x.toFixed2())).toEqual(['50000.00', '60000.00', '500000.00']);
    expect(effectiveCaps({ personType: 'LEGAL_PERSON', mei: false }, 'pix_out').nighttime.toFixed2()).toBe('10000.00');
    expect(effectiveCaps({ personType: 'LEGAL_PERSON', mei: true }, 'ted').nighttime.toFixed2()).toBe('10000.00');
    expect(effectiveCaps({ personType: 'LEGAL_PERSON', mei: true }, 'pix_out', { nighttime: m('3000.00') }).nighttime.toFixed2()).toBe(
      '3000.00',
    );
  });
});

describe('LimitSheet', () => {
  const caps = effectiveCaps({ personType: 'NATURAL_PERSON' }, 'pix_out');

  it('reports limit, used and available, never a negative available', () => {
    const s = new LimitSheet('pix_out', caps, used('4000.00', '1200.00', '5200.00', '5200.00'), 'daytime');
    expect(s.status('daytime').available.toFixed2()).toBe('1000.00');
    expect(s.status('nighttime').available.toFixed2()).toBe('0.00');
  });

  it('accepts an amount that fits exactly and refuses one cent more', () => {
    const s = new LimitSheet('pix_out', caps, used('4000.00', '0', '4000.00', '4000.00'), 'daytime');
    expect(s.breaches(m('1000.00'))).toEqual([]);
    expect(s.breaches(m('1000.01')).map((b) => b.period)).toEqual(['daytime']);
  });

  it('binds only the current day period, plus daily and monthly', () => {
    const s = new LimitSheet('pix_out', caps, used('0', '1000.00', '1000.00', '1000.00'), 'daytime');
    expect(s.breaches(m('500.00'))).toEqual([]);
    const night = new LimitSheet('pix_out', caps, used('0', '1000.00', '1000.00', '1000.00'), 'nighttime');
    expect(night.breaches(m('0.01')).map((b) => b.period)).toEqual(['nighttime']);
  });

  it('lists every overflowed cap, tightest first', () => {
    const s = new LimitSheet('pix_out', caps, used('4900.00', '0', '5950.00', '49990.00'), 'daytime');
    expect(s.breaches(m('200.00')).map((b) => b.period)).toEqual(['monthly', 'daily', 'daytime']);
  });
});
