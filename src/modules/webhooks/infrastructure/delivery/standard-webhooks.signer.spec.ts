import { Webhook } from 'standardwebhooks';
import { StandardWebhooksSigner } from './standard-webhooks.signer.js';

describe('StandardWebhooksSigner', () => {
  const signer = new StandardWebhooksSigner();
  const body = JSON.stringify({ id: 'e1', type: 'cash_in.completed', created_at: '2026-03-10T15:00:00.000Z', data: { amount: '1.00' } });

  it('makes whsec_ secrets of 32 random bytes', () => {
    const a = signer.newSecret();
    expect(a).toMatch(/^whsec_/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(signer.newSecret()).not.toBe(a);
  });

  it('signs so that the Standard Webhooks verifier accepts it with each secret, and not with another', () => {
    const [s1, s2, other] = [signer.newSecret(), signer.newSecret(), signer.newSecret()];
    const now = new Date();
    const headers = {
      'webhook-id': 'e1',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signer.sign([s1, s2], 'e1', now, body),
    };
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(s1).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(s2).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(other).verify(body, headers)).toThrow();
    expect(() => new Webhook(s1).verify(body.replace('1.00', '9.00'), headers)).toThrow();
  });
});
