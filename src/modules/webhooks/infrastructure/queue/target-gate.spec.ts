import { deferralMs } from './webhook-delivery.processor.js';
import { TargetGate } from './target-gate.js';

describe('TargetGate', () => {
  it('lets at most N deliveries per target in, independently of other targets', () => {
    const gate = new TargetGate(2);
    expect(gate.tryEnter('slow')).toBe(true);
    expect(gate.tryEnter('slow')).toBe(true);
    expect(gate.tryEnter('slow')).toBe(false);
    expect(gate.tryEnter('fast')).toBe(true);
    gate.leave('slow');
    expect(gate.tryEnter('slow')).toBe(true);
  });
});

describe('deferralMs', () => {
  it('starts at 1-2 s and grows to at most 60 s', () => {
    expect(deferralMs(0, 0)).toBe(1000);
    expect(deferralMs(0, 0.999)).toBeLessThan(2000);
    expect(deferralMs(3, 0)).toBe(8000);
    expect(deferralMs(50, 0)).toBe(30_000);
    expect(deferralMs(50, 0.999)).toBeLessThan(60_000);
  });
});
