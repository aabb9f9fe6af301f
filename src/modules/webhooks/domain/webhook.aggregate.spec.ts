import { DomainError } from '../../../shared/errors/domain-error.js';
import { receives, SECRET_ROTATION_OVERLAP_MS, subscriptionEvents, Webhook } from './webhook.aggregate.js';

const T0 = new Date('2026-03-10T15:00:00.000Z');
/** Webhook events of the catalogue (composed at the root; its own test checks which are webhook events). */
const WEBHOOK_EVENTS = ['cash_in.completed', 'p2p.received', 'p2p.sent'];
const later = (ms: number) => new Date(T0.getTime() + ms);

function hook(events: string[] = []): Webhook {
  return Webhook.restore({
    ...Webhook.register({ id: 'w1', clientId: 'c1', url: 'https://example.com/h', events, secret: 'whsec_a', now: T0 }).snapshot,
    fromEventRow: '100',
  });
}

describe('subscriptionEvents', () => {
  it.each([[undefined], [[]], [['*']]])('%j means every event (stored empty)', (requested) => {
    expect(subscriptionEvents(requested as string[] | undefined, WEBHOOK_EVENTS)).toEqual([]);
  });

  it('keeps known names once each', () => {
    expect(subscriptionEvents(['cash_in.completed', 'p2p.received', 'cash_in.completed'], WEBHOOK_EVENTS)).toEqual([
      'cash_in.completed',
      'p2p.received',
    ]);
  });

  it('refuses unknown names, internal events and "*" among others, one detail each', () => {
    try {
      subscriptionEvents(['cash_in.completed', 'cash_out.queued', 'nope', '*'], WEBHOOK_EVENTS);
      throw new Error('expected a refusal');
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).details.map((d) => d.field)).toEqual(['events[1]', 'events[2]', 'events[3]']);
    }
  });
});

describe('Webhook', () => {
  it('receives subscribed events recorded after it was registered', () => {
    expect(receives({ id: 'w', clientId: 'c', events: [], fromEventRow: '5' }, 'key.deleted', '6')).toBe(true);
    const all = hook();
    expect(all.receives('cash_in.completed', '101')).toBe(true);
    expect(all.receives('cash_in.completed', '100')).toBe(false);
    const some = hook(['p2p.received']);
    expect(some.receives('p2p.received', '9007199254740993')).toBe(true);
    expect(some.receives('p2p.sent', '200')).toBe(false);
  });

  it('signs with the new and the previous secret for the overlap after a rotation, then with the new one', () => {
    const w = hook();
    expect(w.signingSecrets(T0)).toEqual(['whsec_a']);
    w.rotateSecret('whsec_b', T0);
    expect(w.signingSecrets(later(1000))).toEqual(['whsec_b', 'whsec_a']);
    expect(w.signingSecrets(later(SECRET_ROTATION_OVERLAP_MS))).toEqual(['whsec_b']);
    w.rotateSecret('whsec_c', later(2000));
    expect(w.signingSecrets(later(3000))).toEqual(['whsec_c', 'whsec_b']);
  });

  it('signs with nothing while its secret is unreadable, and a rotation makes the new secret sign alone at once', () => {
    const w = Webhook.restore({ ...hook().snapshot, secret: null });
    expect(w.signingSecrets(T0)).toEqual([]);
    w.rotateSecret('whsec_b', T0);
    expect(w.snapshot).toMatchObject({ secret: 'whsec_b', previousSecret: null, previousSecretExpiresAt: null });
    expect(w.signingSecrets(later(1))).toEqual(['whsec_b']);
    // An unreadable previous secret is left out; the current one still signs.
    const rotated = Webhook.restore({ ...hook().snapshot, previousSecret: null, previousSecretExpiresAt: later(1000) });
    expect(rotated.signingSecrets(T0)).toEqual(['whsec_a']);
  });

  it('is disabled by a 410 and enabled again by a change with enabled: true', () => {
    const w = hook();
    w.disable('gone', later(1));
    expect(w.snapshot).toMatchObject({ status: 'disabled', disabledReason: 'gone' });
    w.change({ url: 'https://example.com/2', events: [], now: later(2) });
    expect(w.isActive).toBe(false);
    w.change({ url: 'https://example.com/2', events: [], enabled: true, now: later(3) });
    expect(w.snapshot).toMatchObject({ status: 'active', disabledReason: null, url: 'https://example.com/2' });
    w.change({ url: 'https://example.com/2', events: [], enabled: false, now: later(4) });
    expect(w.snapshot.status).toBe('disabled');
  });
});
