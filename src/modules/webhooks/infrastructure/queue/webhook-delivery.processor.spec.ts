import type { DeliverPixCallbackUseCase } from '../../application/deliver-pix-callback.use-case.js';
import { Logger } from '@nestjs/common';
import { loadConfig } from '../../../../config/app.config.js';
import type { QueueJob } from '../../../../shared/queue/queue-consumer.js';
import type { DeliverReport, DeliverWebhookUseCase } from '../../application/deliver-webhook.use-case.js';
import type { DeliverJobData } from '../../application/webhook-jobs.js';
import { CIRCUIT, deferralMs, DeliveryDeferred, WebhookDeliveryProcessor } from './webhook-delivery.processor.js';

const ANSWERED: DeliverReport = { result: 'delivered', outcome: { kind: 'answered', httpStatus: 200, latencyMs: 5 } };
const TIMED_OUT: DeliverReport = { result: 'retry', outcome: { kind: 'unanswered', error: 'timeout', latencyMs: 15_000 } };

/** A use case whose tries hang until the test ends them, each with the report it chooses. */
class HangingDeliveries {
  readonly started: DeliverJobData[] = [];
  private readonly pending: ((report: DeliverReport) => void)[] = [];

  execute(job: DeliverJobData): Promise<DeliverReport> {
    this.started.push(job);
    return new Promise((resolve) => this.pending.push(resolve));
  }

  /** Ends every try in flight with `report`. */
  endAll(report: DeliverReport): void {
    for (const end of this.pending.splice(0)) end(report);
  }
}

/** What the processor logged as warnings, as the arguments of each call. */
const warnings: unknown[][] = [];
Logger.overrideLogger({ log: () => undefined, error: () => undefined, warn: (...args: unknown[]) => void warnings.push(args) });

let jobs = 0;
function job(
  clientId: string | undefined,
  webhookId: string,
  opts: { resend?: boolean; attemptsMade?: number } = {},
): QueueJob<DeliverJobData> {
  const data: DeliverJobData = { deliveryId: `d${++jobs}`, webhookId, clientId, attempt: 1, resend: opts.resend ?? false };
  return { id: data.deliveryId, name: 'webhook.deliver', data, attemptsMade: opts.attemptsMade ?? 0, opts: { attempts: 1000 } };
}

function setup(overrides: { perClient?: number; perTarget?: number } = {}) {
  const deliveries = new HangingDeliveries();
  const config = {
    ...loadConfig({}),
    webhookClientConcurrency: overrides.perClient ?? 8,
    webhookTargetConcurrency: overrides.perTarget ?? 4,
    webhookTimeoutMs: 15_000,
  };
  const processor = new WebhookDeliveryProcessor(
    deliveries as unknown as DeliverWebhookUseCase,
    config,
    deliveries as unknown as DeliverPixCallbackUseCase,
  );
  let clock = 0;
  processor.now = () => clock;
  return { deliveries, processor, advance: (ms: number) => (clock += ms) };
}

/** Starts a job; resolves to its result, or to the deferral it was refused with. */
function run(processor: WebhookDeliveryProcessor, j: QueueJob<DeliverJobData>): Promise<unknown> {
  return processor.handle(j).catch((err: unknown) => err);
}

describe('WebhookDeliveryProcessor', () => {
  it("holds one client's hanging tries to its share; the rest are put off unsent and another client's try goes", async () => {
    const { deliveries, processor } = setup({ perClient: 8, perTarget: 4 });
    // 10 webhooks, 12 events: 120 jobs, more than the process's 32 slots.
    const hanging = Array.from({ length: 120 }, (_, i) => run(processor, job('a', `a-hook-${i % 10}`)));
    const other = run(processor, job('b', 'b-hook'));
    expect(deliveries.started.filter((j) => j.clientId === 'a')).toHaveLength(8);
    expect(deliveries.started.filter((j) => j.clientId === 'b')).toHaveLength(1);
    const refused = (await Promise.all(hanging.slice(8))) as DeliveryDeferred[];
    expect(new Set(refused.map((e) => e instanceof DeliveryDeferred && e.reason))).toEqual(new Set(['client_share_full']));
    expect(refused.every((e) => e.retryInMs >= 1000 && e.retryInMs < 2000)).toBe(true);
    deliveries.endAll(ANSWERED);
    expect(await other).toBe('delivered');
    expect(await Promise.all(hanging.slice(0, 8))).toEqual(Array(8).fill('delivered'));
    // Slots given back: the client may use its share again.
    void run(processor, job('a', 'a-hook-0'));
    expect(deliveries.started).toHaveLength(10);
  });

  it('a job queued without a client id takes its webhook as its client', async () => {
    const { deliveries, processor } = setup({ perClient: 1, perTarget: 4 });
    void run(processor, job(undefined, 'old-hook'));
    expect(((await run(processor, job(undefined, 'old-hook'))) as DeliveryDeferred).reason).toBe('client_share_full');
    void run(processor, job(undefined, 'another-old-hook'));
    expect(deliveries.started).toHaveLength(2);
  });

  it('backs off a webhook after 3 timeouts in a row, probes it after the cooldown, and sends everything once it answers', async () => {
    const { deliveries, processor, advance } = setup();
    warnings.length = 0;
    const first = [1, 2, 3].map(() => run(processor, job('a', 'dead')));
    deliveries.endAll(TIMED_OUT);
    expect(await Promise.all(first)).toEqual(['retry', 'retry', 'retry']);
    // Said once, by webhook id (never its URL).
    expect(warnings.map(([fields]) => fields)).toEqual([{ webhookId: 'dead', cooldownMs: CIRCUIT.cooldownMs }]);

    // Open: put off until the cooldown ends (spread over up to a quarter more), nothing sent.
    const off = (await run(processor, job('a', 'dead'))) as DeliveryDeferred;
    expect(off).toBeInstanceOf(DeliveryDeferred);
    expect(off.reason).toBe('circuit_open');
    expect(off.retryInMs).toBeGreaterThanOrEqual(CIRCUIT.cooldownMs);
    expect(off.retryInMs).toBeLessThanOrEqual(CIRCUIT.cooldownMs * 1.25);
    expect(deliveries.started).toHaveLength(3);
    // The client's other webhooks are not held back.
    void run(processor, job('a', 'alive'));
    expect(deliveries.started).toHaveLength(4);
    deliveries.endAll(ANSWERED);

    advance(CIRCUIT.cooldownMs);
    const probe = run(processor, job('a', 'dead'));
    expect(deliveries.started).toHaveLength(5);
    expect(((await run(processor, job('a', 'dead'))) as DeliveryDeferred).reason).toBe('circuit_open');
    deliveries.endAll(ANSWERED);
    expect(await probe).toBe('delivered');
    const after = [1, 2, 3, 4].map(() => run(processor, job('a', 'dead')));
    expect(deliveries.started).toHaveLength(9);
    deliveries.endAll(ANSWERED);
    expect(await Promise.all(after)).toEqual(Array(4).fill('delivered'));
  });

  it('a resend passes an open circuit', async () => {
    const { deliveries, processor } = setup();
    const first = [1, 2, 3].map(() => run(processor, job('a', 'dead')));
    deliveries.endAll(TIMED_OUT);
    await Promise.all(first);
    expect(((await run(processor, job('a', 'dead'))) as DeliveryDeferred).reason).toBe('circuit_open');
    const resend = run(processor, job('a', 'dead', { resend: true }));
    expect(deliveries.started).toHaveLength(4);
    deliveries.endAll(ANSWERED);
    expect(await resend).toBe('delivered');
  });

  it('a job refused a slot while the circuit is half-open leaves the probe to the next job', async () => {
    const { deliveries, processor, advance } = setup({ perClient: 1, perTarget: 4 });
    const first = run(processor, job('a', 'dead'));
    deliveries.endAll(TIMED_OUT);
    await first;
    for (let i = 0; i < 2; i++) {
      const again = run(processor, job('a', 'dead'));
      deliveries.endAll(TIMED_OUT);
      await again;
    }
    advance(CIRCUIT.cooldownMs);
    const busy = run(processor, job('a', 'other'));
    expect(((await run(processor, job('a', 'dead'))) as DeliveryDeferred).reason).toBe('client_share_full');
    deliveries.endAll(ANSWERED);
    await busy;
    void run(processor, job('a', 'dead'));
    expect(deliveries.started.at(-1)?.webhookId).toBe('dead');
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
