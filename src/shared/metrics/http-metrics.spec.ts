import { EventEmitter } from 'node:events';
import type { NextFunction, Request, Response } from 'express';
import { HttpMetrics, routeLabel, UNMATCHED_ROUTE } from './http-metrics.js';
import { PrometheusMetrics } from './prometheus-metrics.js';

describe('routeLabel', () => {
  it('is the matched route template under its mount point, never the raw URL', () => {
    const get = { get: true };
    expect(routeLabel({ route: { path: '/api/v1/pix/cash-out/:id', methods: get }, baseUrl: '' } as unknown as Request)).toBe(
      '/api/v1/pix/cash-out/:id',
    );
    expect(routeLabel({ route: { path: '/:id', methods: get }, baseUrl: '/mounted' } as unknown as Request)).toBe('/mounted/:id');
  });

  it('is one fixed value when no route matched (or the route is not a string path)', () => {
    expect(routeLabel({ route: undefined, baseUrl: '' } as unknown as Request)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel({ route: { path: /x/ }, baseUrl: '' } as unknown as Request)).toBe(UNMATCHED_ROUTE);
    // A middleware's catch-all route (Nest mounts middleware with `app.all`: every method) set it, no handler did.
    const all = { get: true, post: true, put: true, delete: true, patch: true };
    expect(routeLabel({ route: { path: '{/*splat}', methods: all }, baseUrl: '' } as unknown as Request)).toBe(UNMATCHED_ROUTE);
  });
});

describe('HttpMetrics middleware', () => {
  function exchange(m: HttpMetrics, req: Partial<Request>, status: number, routeAfterNext?: string) {
    const res = Object.assign(new EventEmitter(), { statusCode: status }) as unknown as Response;
    const request = { method: 'GET', baseUrl: '', ...req } as Request;
    let nexted = false;
    m.middleware(request, res, (() => (nexted = true)) as NextFunction);
    expect(nexted).toBe(true);
    // Express sets req.route when routing reaches a route, after this middleware ran.
    if (routeAfterNext)
      (request as { route?: unknown }).route = { path: routeAfterNext, methods: { [request.method.toLowerCase()]: true } };
    (res as unknown as EventEmitter).emit('finish');
  }

  it('observes each answer once, on finish, under method, route template and status', async () => {
    const metrics = new PrometheusMetrics();
    const m = new HttpMetrics(metrics);
    exchange(m, { url: '/api/v1/pix/cash-out/6f1c' }, 200, '/api/v1/pix/cash-out/:id');
    exchange(m, { url: '/api/v1/pix/cash-out/77aa' }, 200, '/api/v1/pix/cash-out/:id');
    exchange(m, { url: '/api/v1/pix/cash-out/77aa' }, 401, '/api/v1/pix/cash-out/:id');
    exchange(m, { method: 'POST', url: '/nowhere/123' }, 404);
    const text = await metrics.registry.getSingleMetricAsString('http_request_duration_seconds');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/v1/pix/cash-out/:id",status="200"} 2');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/v1/pix/cash-out/:id",status="401"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="POST",route="unmatched",status="404"} 1');
    expect(text).not.toMatch(/6f1c|77aa|nowhere/);
  });
});
