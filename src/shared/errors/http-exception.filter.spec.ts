import { BadGatewayException, HttpException, NotFoundException, type ArgumentsHost } from '@nestjs/common';
import { DomainError } from './domain-error.js';
import { ERROR_CATALOG, type ErrorCode } from './error-catalog.js';
import { HttpExceptionFilter } from './http-exception.filter.js';
import { RateLimitedError } from '../rate-limit/rate-limiter.js';

function render(exception: unknown) {
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const res = {
    headersSent: false,
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
    setHeader(name: string, value: string) {
      sent.headers[name] = value;
    },
  };
  const req = { id: 'req-1', method: 'GET', path: '/x' };
  const host = { switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }) } as unknown as ArgumentsHost;
  const filter = new HttpExceptionFilter();
  (filter as unknown as { logger: { error: () => void } }).logger = { error: () => undefined };
  filter.catch(exception, host);
  return sent;
}

describe('HttpExceptionFilter', () => {
  it('turns an unexpected error into a 500 that shows no message, stack or SQL', () => {
    const err = new Error('duplicate key value violates unique constraint "secret_table" SELECT * FROM api_keys');
    const sent = render(err);
    expect(sent.status).toBe(500);
    expect(sent.body).toEqual({
      success: false,
      error: { code: 'INTERNAL_ERROR', message: expect.stringContaining('request_id') },
      request_id: 'req-1',
    });
    expect(JSON.stringify(sent.body)).not.toMatch(/secret_table|SELECT|at .*\.ts/);
  });

  it('maps domain codes through the status table, with details', () => {
    const sent = render(new DomainError('DUPLICATE_EXTERNAL_ID', 'used', [{ field: 'external_id', issue: 'used' }]));
    expect(sent.status).toBe(409);
    expect(sent.body).toMatchObject({ error: { code: 'DUPLICATE_EXTERNAL_ID', details: [{ field: 'external_id' }] } });
    expect(render(new DomainError('ANYTHING_ELSE' as ErrorCode, 'no')).status).toBe(400);
  });

  it('sets Retry-After on 429 and names unknown routes', () => {
    const limited = render(new RateLimitedError(7));
    expect(limited.status).toBe(429);
    expect(limited.headers['Retry-After']).toBe('7');
    const missing = render(new NotFoundException());
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND', message: 'No route for GET /x' } });
  });

  it('answers framework exceptions with the status the catalog gives their code, and a 5xx reveals nothing', () => {
    const odd = render(new HttpException('Not Acceptable', 406));
    expect(odd.body).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect(odd.status).toBe(ERROR_CATALOG.BAD_REQUEST.status);
    const upstream = render(new BadGatewayException('upstream 10.0.0.7:5432 said no'));
    expect(upstream.status).toBe(500);
    expect(upstream.body).toMatchObject({ error: { code: 'INTERNAL_ERROR' } });
    expect(JSON.stringify(upstream.body)).not.toContain('10.0.0.7');
  });
});
