import { lookup as dnsLookup } from 'node:dns';
import { request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import type { AttemptOutcome } from '../../domain/webhook-delivery.aggregate.js';
import { WebhookSender, type WebhookRequest } from '../../application/webhook-transport.js';
import { guardedAgent, preConnectRefusal, withoutMetadataAddresses } from '../../../../shared/outbound/guarded-https.js';
import { codedError, networkErrorCategory, TRY_TIMED_OUT } from './network-error-category.js';

const USER_AGENT = 'instant-payments-webhooks/1';

/**
 * POSTs a notification over HTTPS through the kernel's outbound guard (src/shared/outbound): request-filtering-agent checks the address each
 * connection actually goes to (after DNS, every time: an answer that changed since registration to a
 * private address is refused) unless WEBHOOK_ALLOW_PRIVATE_NETWORKS=true; a port other than 443 is refused
 * then too, and a cloud metadata or wire-server address always (before connecting). Node's https.request
 * never follows redirects, so a 3xx is just a failed try. The whole try (connect, TLS, answer) is bounded
 * by WEBHOOK_TIMEOUT_MS; sockets are kept alive between deliveries to the same target. A failure is
 * recorded as a category (networkErrorCategory), never as the error's text, which names addresses.
 */
@Injectable()
export class HttpsWebhookSender extends WebhookSender implements OnApplicationShutdown {
  private readonly logger = new Logger(HttpsWebhookSender.name);
  private readonly agent: RequestFilteringHttpsAgent;
  /** The system resolver unless a test puts its own (to make a host's answer change after registration). */
  lookup: LookupFunction | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
    this.agent = guardedAgent(config.webhookAllowPrivateNetworks, { keepAlive: true });
  }

  onApplicationShutdown(): void {
    this.agent.destroy();
  }

  send(req: WebhookRequest): Promise<AttemptOutcome> {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    return new Promise<AttemptOutcome>((resolve) => {
      let settled = false;
      const settle = (outcome: AttemptOutcome) => {
        if (settled) return;
        settled = true;
        resolve(outcome);
      };
      const fail = (err: unknown) => {
        const category = networkErrorCategory(err);
        // Only the code and category: the message names the addresses resolved and connected to.
        this.logger.debug({ code: (err as { code?: unknown } | null)?.code, category }, 'webhook try got no answer');
        settle({ kind: 'unanswered', error: category, latencyMs: elapsed() });
      };
      const refusal = preConnectRefusal(req.url, this.config.webhookAllowPrivateNetworks);
      if (refusal) return fail(refusal);
      const timeoutMs = this.config.webhookTimeoutMs;
      let outgoing: ReturnType<typeof request>;
      try {
        outgoing = request(req.url, {
          method: 'POST',
          agent: this.agent,
          lookup: withoutMetadataAddresses(this.lookup ?? dnsLookup),
          headers: {
            ...req.headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(req.body),
            'user-agent': USER_AGENT,
          },
        });
      } catch (err) {
        return fail(err);
      }
      const deadline = setTimeout(() => outgoing.destroy(codedError(TRY_TIMED_OUT, `no answer within ${timeoutMs} ms`)), timeoutMs);
      outgoing.on('response', (res) => {
        settle({ kind: 'answered', httpStatus: res.statusCode ?? 0, latencyMs: elapsed() });
        // The answer's body is not kept; read it so the socket can serve the next delivery.
        res.resume();
        res.on('end', () => clearTimeout(deadline));
        res.on('error', () => clearTimeout(deadline));
      });
      outgoing.on('error', (err) => {
        clearTimeout(deadline);
        fail(err);
      });
      outgoing.end(req.body);
    });
  }
}
