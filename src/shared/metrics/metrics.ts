/** What a counter is made of: its Prometheus name (`*_total`), its help line and its label names. */
export interface CounterSpec<L extends string> {
  name: string;
  help: string;
  labelNames: readonly L[];
}

/** A counter application code moves; every label has a value from a small, fixed set (no ids, no URLs). */
export interface OutcomeCounter<L extends string> {
  inc(labels: Readonly<Record<L, string>>): void;
}

/**
 * Port: the counters use cases move (settlement outcomes, webhook tries). The Prometheus adapter
 * (`PrometheusMetrics`) keeps them in the app's own registry, read by `GET /metrics`; unit tests use `FakeMetrics`
 * (src/shared/testing/kernel.fakes.ts). Counters are per process
 * (docs/adr/0176-global-vs-per-process-readings.md).
 */
export abstract class Metrics {
  /** The counter named `spec.name`, made on first use; asking again for the same name returns the same counter. */
  abstract counter<L extends string>(spec: CounterSpec<L>): OutcomeCounter<L>;
}
