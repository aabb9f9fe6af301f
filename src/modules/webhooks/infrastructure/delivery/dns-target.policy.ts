import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { WebhookTargetPolicy } from '../../application/webhook-transport.js';
import { addressRefusal } from './address-policy.js';

/** Resolves every address of a host (the system resolver, as a delivery would). */
export type HostResolver = (host: string) => Promise<string[]>;

const systemResolver: HostResolver = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

const refuse = (issue: string) =>
  new DomainError('WEBHOOK_TARGET_NOT_ALLOWED', `The webhook URL is not allowed: ${issue}`, [{ field: 'url', issue }]);

/**
 * The registration check of a webhook URL: HTTPS, no user or password in it, and, unless
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS=true, a host that resolves and whose every address is public unicast.
 * Deliveries check again, on the address they connect to (HttpsWebhookSender): DNS answers change.
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
    if (this.config.webhookAllowPrivateNetworks) return;
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : await this.resolve(host);
    } catch {
      throw refuse(`the host ${host} does not resolve`);
    }
    if (addresses.length === 0) throw refuse(`the host ${host} does not resolve`);
    for (const address of addresses) {
      const why = addressRefusal(address);
      if (why) throw refuse(`${why} (only public addresses receive webhooks)`);
    }
  }
}
