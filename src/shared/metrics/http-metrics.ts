import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Histogram } from 'prom-client';
import { PrometheusMetrics } from './prometheus-metrics.js';

/** The route label of a request no route matched (404s, body refused before routing): one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route TEMPLATE that served the request (`/api/v1/pix/cash-out/:id`), never the raw URL, so the
 * label's values are bounded by the routes the app has. Express sets `req.route` only once a route
 * matched; the guard and the filter run inside it, so their refusals keep the template too. Nest mounts
 * middleware (`consumer.forRoutes`, e.g. the logger's `{/*splat}`) with `app.all`, a route for every
 * method, which sets `req.route` as well: only a route of one method is a handler's (no controller
 * here uses `@All`), and a request that reached no handler is `unmatched`.
 */
export function routeLabel(req: Pick<Request, 'route' | 'baseUrl'>): string {
  const route = req.route as { path?: unknown; methods?: Record<string, boolean> } | undefined;
  if (typeof route?.path !== 'string' || Object.keys(route.methods ?? {}).length !== 1) return UNMATCHED_ROUTE;
  return `${req.baseUrl ?? ''}${route.path}`;
}

type Observe = (seconds: number) => void;

/**
 * `http_request_duration_seconds{method, route, status}`, observed when the response has been sent.
 * Installed first in the middleware chain (src/bootstrap.ts) only when METRICS_ENABLED, so every answer,
 * body-parser refusals included, is counted with its real status; disabled, no request does any work for it.
 */
@Injectable()
export class HttpMetrics {
  private readonly histogram: Histogram<'method' | 'route' | 'status'>;
  /** One labelled child per (method, route, status): a Map hit, not label validation and hashing, per request. */
  private readonly children = new Map<string, Observe>();

  constructor(metrics: PrometheusMetrics) {
    this.histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status: time from arrival to the last byte of the answer',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [metrics.registry],
    });
  }

  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      this.observer(req.method, routeLabel(req), res.statusCode)(seconds);
    });
    next();
  };

  private observer(method: string, route: string, status: number): Observe {
    const key = `${method} ${status} ${route}`;
    let observe = this.children.get(key);
    if (!observe) {
      const child = this.histogram.labels({ method, route, status: String(status) });
      observe = (seconds) => child.observe(seconds);
      this.children.set(key, observe);
    }
    return observe;
  }
}
