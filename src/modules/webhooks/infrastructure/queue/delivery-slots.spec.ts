import { DeliverySlots } from './delivery-slots.js';

describe('DeliverySlots', () => {
  it('lets a client hold at most its share, however many webhooks it spreads its tries over', () => {
    const slots = new DeliverySlots({ perClient: 3, perTarget: 4 });
    expect(['w1', 'w2', 'w3'].map((w) => slots.take('a', w))).toEqual([null, null, null]);
    expect(slots.take('a', 'w4')).toBe('client_share_full');
    expect(slots.inFlight('a')).toBe(3);
    // Another client is not touched by the first one's full share.
    expect(slots.take('b', 'w9')).toBeNull();
    slots.give('a', 'w2');
    expect(slots.take('a', 'w4')).toBeNull();
  });

  it('bounds one webhook below its client share, independently of other webhooks', () => {
    const slots = new DeliverySlots({ perClient: 8, perTarget: 2 });
    expect(slots.take('a', 'slow')).toBeNull();
    expect(slots.take('a', 'slow')).toBeNull();
    expect(slots.take('a', 'slow')).toBe('target_full');
    expect(slots.take('a', 'fast')).toBeNull();
    // A refused take holds nothing.
    expect(slots.inFlight('a')).toBe(3);
    slots.give('a', 'slow');
    expect(slots.take('a', 'slow')).toBeNull();
  });

  it('gives back every place, so a client that drained holds none', () => {
    const slots = new DeliverySlots({ perClient: 2, perTarget: 2 });
    slots.take('a', 'w');
    slots.take('a', 'w');
    slots.give('a', 'w');
    slots.give('a', 'w');
    expect(slots.inFlight('a')).toBe(0);
    expect([slots.take('a', 'w'), slots.take('a', 'w'), slots.take('a', 'w')]).toEqual([null, null, 'client_share_full']);
  });
});
