import { loadConfig } from '../../../../config/app.config.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { addressRefusal } from './address-policy.js';
import { DnsWebhookTargetPolicy } from './dns-target.policy.js';

describe('addressRefusal', () => {
  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111'])('lets the public address %s through', (ip) => {
    expect(addressRefusal(ip)).toBeNull();
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.251', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'ipv4Mapped'],
    ['::ffff:8.8.8.8', 'ipv4Mapped'],
  ])('refuses %s (%s)', (ip, range) => {
    expect(addressRefusal(ip)).toBe(`${ip} is a ${range} address`);
  });
});

describe('DnsWebhookTargetPolicy', () => {
  const policy = (answers: Record<string, string[]>, allowPrivate = false) => {
    const p = new DnsWebhookTargetPolicy({ ...loadConfig({}), webhookAllowPrivateNetworks: allowPrivate });
    p.resolve = async (host) => {
      const a = answers[host];
      if (!a) throw new Error('ENOTFOUND');
      return a;
    };
    return p;
  };
  const refusal = async (p: DnsWebhookTargetPolicy, url: string) => {
    try {
      await p.check(url);
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).code).toBe('WEBHOOK_TARGET_NOT_ALLOWED');
      return (err as DomainError).details[0]?.issue ?? '';
    }
  };

  it('accepts an HTTPS host whose every address is public', async () => {
    expect(
      await refusal(policy({ 'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'] }), 'https://hooks.example.com/x'),
    ).toBeNull();
  });

  it('refuses a host with any private answer, one that does not resolve, and non-HTTPS or credentialled URLs', async () => {
    const p = policy({ 'mixed.example.com': ['93.184.216.34', '10.0.0.7'], 'empty.example.com': [] });
    expect(await refusal(p, 'https://mixed.example.com/')).toMatch(/10\.0\.0\.7 is a private address/);
    expect(await refusal(p, 'https://missing.example.com/')).toMatch(/does not resolve/);
    expect(await refusal(p, 'https://empty.example.com/')).toMatch(/does not resolve/);
    expect(await refusal(p, 'http://mixed.example.com/')).toBe('must use https');
    expect(await refusal(p, 'https://u:p@mixed.example.com/')).toBe('must not carry a user name or password');
    expect(await refusal(p, '/relative')).toBe('must be an absolute URL');
  });

  it('with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true checks only the scheme', async () => {
    const p = policy({}, true);
    expect(await refusal(p, 'https://localhost:8443/x')).toBeNull();
    expect(await refusal(p, 'http://localhost:8443/x')).toBe('must use https');
  });
});
