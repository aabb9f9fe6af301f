import { loadConfig } from '../../../../config/app.config.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { addressRefusal, metadataRefusal } from '../../../../shared/outbound/address-policy.js';
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
    ['169.254.1.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.251', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'ipv4Mapped'],
    ['::ffff:8.8.8.8', 'ipv4Mapped'],
  ])('refuses %s (%s)', (ip, range) => {
    expect(addressRefusal(ip)).toBe(`${ip} is a ${range} address`);
  });

  it.each([
    ['169.254.169.254', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['168.63.129.16', 'cloud wire-server'],
  ])('refuses the metadata address %s (%s), also through metadataRefusal', (ip, kind) => {
    expect(addressRefusal(ip)).toBe(`${ip} is a ${kind} address`);
    expect(metadataRefusal(ip)).toBe(`${ip} is a ${kind} address`);
  });

  it('knows metadata addresses in any spelling, and nothing else', () => {
    expect(metadataRefusal('::ffff:168.63.129.16')).toMatch(/wire-server/);
    expect(metadataRefusal('[FD00:EC2:0:0:0:0:0:254]')).toMatch(/cloud metadata/);
    for (const other of ['168.63.129.17', '8.8.8.8', '10.0.0.1', '169.254.169.253', 'example.com'])
      expect(metadataRefusal(other)).toBeNull();
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
  const refusal = async (p: DnsWebhookTargetPolicy, url: string, code = 'WEBHOOK_TARGET_NOT_ALLOWED') => {
    try {
      await p.check(url);
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).code).toBe(code);
      expect((err as DomainError).details[0]?.field).toBe('url');
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
    // The address a name resolves to is not named: the refusal would answer DNS questions about the network.
    expect(await refusal(p, 'https://mixed.example.com/')).toBe(
      'the host mixed.example.com resolves to an address that is not public (only public addresses receive webhooks)',
    );
    expect(await refusal(p, 'https://10.0.0.7/')).toMatch(/10\.0\.0\.7 is a private address/);
    expect(await refusal(p, 'https://missing.example.com/')).toMatch(/does not resolve/);
    expect(await refusal(p, 'https://empty.example.com/')).toMatch(/does not resolve/);
    expect(await refusal(p, 'http://mixed.example.com/')).toBe('must use https');
    expect(await refusal(p, 'https://u:p@mixed.example.com/')).toBe('must not carry a user name or password');
    expect(await refusal(p, '/relative')).toBe('must be an absolute URL');
  });

  it('refuses a host resolving to a metadata or wire-server address', async () => {
    const p = policy({ 'azure.example.com': ['93.184.216.34', '168.63.129.16'], 'ali.example.com': ['100.100.100.200'] });
    expect(await refusal(p, 'https://azure.example.com/')).toMatch(/resolves to an address that is not public/);
    expect(await refusal(p, 'https://ali.example.com/')).toMatch(/resolves to an address that is not public/);
  });

  it('accepts only the HTTPS default port (400 VALIDATION_ERROR on url otherwise)', async () => {
    const p = policy({ 'hooks.example.com': ['93.184.216.34'] });
    expect(await refusal(p, 'https://hooks.example.com:443/x')).toBeNull();
    for (const port of [8443, 22, 6379, 80, 1]) {
      expect(await refusal(p, `https://hooks.example.com:${port}/x`, 'VALIDATION_ERROR')).toBe('must use port 443 (the HTTPS default)');
    }
  });

  it('with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true checks the scheme and metadata IPs, and allows any port', async () => {
    const p = policy({}, true);
    expect(await refusal(p, 'https://localhost:8443/x')).toBeNull();
    expect(await refusal(p, 'https://127.0.0.1:1/x')).toBeNull();
    expect(await refusal(p, 'http://localhost:8443/x')).toBe('must use https');
    for (const ip of ['169.254.169.254', '[fd00:ec2::254]', '100.100.100.200', '168.63.129.16', '[::ffff:168.63.129.16]']) {
      expect(await refusal(p, `https://${ip}/latest/meta-data`)).toMatch(
        /(metadata|wire-server) address \(no webhook receiver lives there\)$/,
      );
    }
  });
});
