import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { Metrics, type CounterSpec, type OutcomeCounter } from './metrics.js';

/**
 * The app's own Prometheus registry (never prom-client's global one, so several apps in one process, as in
 * the tests and the bench, keep apart) and the Metrics port over it. One instance per app.
 */
@Injectable()
export class PrometheusMetrics extends Metrics {
  readonly registry = new Registry();
  private defaultMetrics = false;

  counter<L extends string>(spec: CounterSpec<L>): OutcomeCounter<L> {
    const known = this.registry.getSingleMetric(spec.name);
    if (known) {
      if (!(known instanceof Counter)) throw new Error(`metric ${spec.name} exists and is not a counter`);
      return known as Counter<L>;
    }
    return new Counter<L>({ name: spec.name, help: spec.help, labelNames: [...spec.labelNames], registers: [this.registry] });
  }

  /**
   * The text exposition of every metric. Node's process metrics (CPU, memory, event-loop lag, GC) join the
   * registry on the first scrape: their GC observer and event-loop monitor cannot be stopped, so an app
   * nobody scrapes (a test's, a disabled one) never starts them.
   */
  async scrape(): Promise<string> {
    if (!this.defaultMetrics) {
      this.defaultMetrics = true;
      collectDefaultMetrics({ register: this.registry });
    }
    return this.registry.metrics();
  }
}
