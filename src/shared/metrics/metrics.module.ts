import { DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app.config.js';
import { BacklogGauges } from './backlog-gauges.js';
import { HttpMetrics } from './http-metrics.js';
import { MetricsController } from './metrics.controller.js';
import { Metrics } from './metrics.js';
import { PrometheusMetrics } from './prometheus-metrics.js';

/**
 * Prometheus metrics (docs/adr/0173-one-metrics-registry-per-app.md): the app's own registry behind the Metrics
 * port, the HTTP histogram (its middleware is installed by src/bootstrap.ts), the backlog gauges and `GET
 * /metrics`. METRICS_ENABLED=false mounts no endpoint (404) and installs no middleware; use cases still move their
 * counters (an increment of a number in memory), which nobody reads.
 */
@Global()
@Module({})
export class MetricsModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: MetricsModule,
      controllers: config.metricsEnabled ? [MetricsController] : [],
      providers: [
        PrometheusMetrics,
        { provide: Metrics, useExisting: PrometheusMetrics },
        HttpMetrics,
        ...(config.metricsEnabled ? [BacklogGauges] : []),
      ],
      exports: [Metrics, PrometheusMetrics, HttpMetrics],
    };
  }
}
