import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { WebhookTargetPolicy } from '../../application/webhook-transport.js';
import { addressRefusal, metadataRefusal, portAllowed } from '../../../../shared/outbound/address-policy.js';

/** Resolves every address of a host (the system resolver, as a delivery would). */
export type HostResolver = (host: string) => Promise<string[]>;

const systemResolver: HostResolver = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

const refuse = (issue: string) =>
  new DomainError('WEBHOOK_TARGET_NOT_ALLOWED', `The webhook URL is not allowed: ${issue}`, [{ field: 'url', issue }]);

/**
 * The registration check of a webhook URL: HTTPS, no user or password in it, never a cloud metadata or
 * wire-server IP address, and, unless WEBHOOK_ALLOW_PRIVATE_NETWORKS=true, the default port (443) and a
 * host that resolves and whose every address is public unicast. A refusal never names an address the
 * host resolved to (that would answer DNS questions about the service's network). Deliveries check again,
 * on the address they connect to (HttpsWebhookSender): DNS answers change.
 */
@Injectable()
export class DnsWebhookTargetPolicy extends WebhookTargetPolicy {
  /** The system resolver; a test may put its own. */
  resolve: HostResolver = systemResolver;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  async check(raw: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw refuse('must be an absolute URL');
    }
    if (url.protocol !== 'https:') throw refuse('must use https');
    if (url.username || url.password) throw refuse('must not carry a user name or password');
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const metadata = isIP(host) ? metadataRefusal(host) : null;
    if (metadata) throw refuse(`${metadata} (no webhook receiver lives there)`);
    const allowPrivate = this.config.webhookAllowPrivateNetworks;
    if (!portAllowed(url, allowPrivate)) {
      throw new DomainError('VALIDATION_ERROR', 'url must use the HTTPS port 443', [
        { field: 'url', issue: 'must use port 443 (the HTTPS default)' },
      ]);
    }
    if (allowPrivate) return;
    if (isIP(host)) {
      const why = addressRefusal(host);
      if (why) throw refuse(`${why} (only public addresses receive webhooks)`);
      return;
    }
    let addresses: string[];
    try {
      addresses = await this.resolve(host);
    } catch {
      throw refuse(`the host ${host} does not resolve`);
    }
    if (addresses.length === 0) throw refuse(`the host ${host} does not resolve`);
    if (addresses.some((a) => addressRefusal(a) !== null)) {
      throw refuse(`the host ${host} resolves to an address that is not public (only public addresses receive webhooks)`);
    }
  }
}
