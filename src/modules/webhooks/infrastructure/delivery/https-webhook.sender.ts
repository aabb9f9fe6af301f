import { request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import type { AttemptOutcome } from '../../domain/webhook-delivery.aggregate.js';
import { WebhookSender, type WebhookRequest } from '../../application/webhook-transport.js';

const USER_AGENT = 'instant-payments-webhooks/1';

/**
 * POSTs a notification over HTTPS through request-filtering-agent, which checks the address each
 * connection actually goes to (after DNS, every time: an answer that changed since registration to a
 * private address is refused) unless WEBHOOK_ALLOW_PRIVATE_NETWORKS=true. Node's https.request never
 * follows redirects, so a 3xx is just a failed try. The whole try (connect, TLS, answer) is bounded by
 * WEBHOOK_TIMEOUT_MS; sockets are kept alive between deliveries to the same target.
 */
@Injectable()
export class HttpsWebhookSender extends WebhookSender implements OnApplicationShutdown {
  private readonly agent: RequestFilteringHttpsAgent;
  /** The system resolver unless a test puts its own (to make a host's answer change after registration). */
  lookup: LookupFunction | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
    const allow = config.webhookAllowPrivateNetworks;
    this.agent = new RequestFilteringHttpsAgent({ allowPrivateIPAddress: allow, allowMetaIPAddress: allow, keepAlive: true });
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
      const timeoutMs = this.config.webhookTimeoutMs;
      const outgoing = request(req.url, {
        method: 'POST',
        agent: this.agent,
        lookup: this.lookup,
        headers: {
          ...req.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(req.body),
          'user-agent': USER_AGENT,
        },
      });
      const deadline = setTimeout(() => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      outgoing.on('response', (res) => {
        settle({ kind: 'answered', httpStatus: res.statusCode ?? 0, latencyMs: elapsed() });
        // The answer's body is not kept; read it so the socket can serve the next delivery.
        res.resume();
        res.on('end', () => clearTimeout(deadline));
        res.on('error', () => clearTimeout(deadline));
      });
      outgoing.on('error', (err) => {
        clearTimeout(deadline);
        settle({ kind: 'unanswered', error: err.message || String(err), latencyMs: elapsed() });
      });
      outgoing.end(req.body);
    });
  }
}
