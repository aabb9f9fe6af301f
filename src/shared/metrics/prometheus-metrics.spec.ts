import { PrometheusMetrics } from './prometheus-metrics.js';

const SPEC = { name: 'things_total', help: 'Things', labelNames: ['outcome'] } as const;

describe('PrometheusMetrics', () => {
  it('keeps each app in its own registry: the same metric names in two apps never collide', async () => {
    const a = new PrometheusMetrics();
    const b = new PrometheusMetrics();
    a.counter(SPEC).inc({ outcome: 'ok' });
    a.counter(SPEC).inc({ outcome: 'ok' });
    b.counter(SPEC).inc({ outcome: 'ok' });
    expect(await a.registry.getSingleMetricAsString('things_total')).toContain('things_total{outcome="ok"} 2');
    expect(await b.registry.getSingleMetricAsString('things_total')).toContain('things_total{outcome="ok"} 1');
  });

  it('a name already taken by another kind of metric is refused', async () => {
    const a = new PrometheusMetrics();
    a.counter(SPEC);
    const { Gauge } = await import('prom-client');
    new Gauge({ name: 'other_thing', help: 'x', registers: [a.registry] });
    expect(() => a.counter({ ...SPEC, name: 'other_thing' })).toThrow(/not a counter/);
  });

  it("adds Node's process metrics on the first scrape, once", async () => {
    const a = new PrometheusMetrics();
    expect(a.registry.getSingleMetric('process_cpu_user_seconds_total')).toBeUndefined();
    const first = await a.scrape();
    expect(first).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(first).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    await expect(a.scrape()).resolves.toContain('process_cpu_user_seconds_total');
  });
});
