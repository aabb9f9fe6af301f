import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jest } from '@jest/globals';
import { pinoHttp } from 'pino-http';
import { completionFields } from './access-log.js';
import { errorForLog, redactUrl } from './redaction.js';

class FakeResponse extends EventEmitter {
  writableEnded = true;
  headersSent = true;
  constructor(readonly statusCode: number) {
    super();
  }
  getHeaders() {
    return { 'x-request-id': 'r1' };
  }
}

/** One request through pino-http as the app configures its completion line; returns the lines written. */
function logOneRequest(status: number, principal?: string) {
  const lines: Record<string, unknown>[] = [];
  const middleware = pinoHttp(
    {
      level: 'info',
      serializers: {
        req: (req: { id?: string; method?: string; url?: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
        err: errorForLog,
      },
      customSuccessObject: (req, _res, fields: Record<string, unknown>) => completionFields(req, fields),
      customErrorObject: (req, _res, _err, fields: Record<string, unknown>) => completionFields(req, fields),
    },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const children = jest.spyOn(Object.getPrototypeOf(middleware.logger) as { child: () => unknown }, 'child');
  const req = Object.assign(new EventEmitter(), { id: 'r1', method: 'GET', url: '/api/v1/pix/balance?x=1', headers: {} });
  const res = new FakeResponse(status);
  middleware(req as unknown as IncomingMessage, res as unknown as ServerResponse);
  if (principal) Object.assign(req, { principal: { id: principal } });
  res.emit('finish');
  const childCount = children.mock.calls.length;
  children.mockRestore();
  return { lines, childCount };
}

describe('request completion line', () => {
  it("names the caller right after the request, with one child logger per request (the request's own)", () => {
    const { lines, childCount } = logOneRequest(200, 'c1');
    expect(lines).toHaveLength(1);
    expect(Object.keys(lines[0]!)).toEqual(['level', 'time', 'pid', 'hostname', 'req', 'principal', 'res', 'responseTime', 'msg']);
    expect(lines[0]).toMatchObject({
      level: 30,
      req: { id: 'r1', method: 'GET', url: '/api/v1/pix/balance?x=[redacted]' },
      principal: 'c1',
      res: { statusCode: 200, headers: { 'x-request-id': 'r1' } },
      msg: 'request completed',
    });
    expect(childCount).toBe(1);
  });

  it('has no principal before anybody authenticated', () => {
    const { lines } = logOneRequest(401);
    expect(lines[0]).not.toHaveProperty('principal');
    expect(lines[0]).toMatchObject({ res: { statusCode: 401 }, msg: 'request completed' });
  });

  it('logs a 5xx as errored, through the redacting error serializer', () => {
    const { lines } = logOneRequest(500, 'c1');
    expect(Object.keys(lines[0]!)).toEqual(['level', 'time', 'pid', 'hostname', 'req', 'principal', 'res', 'err', 'responseTime', 'msg']);
    expect(lines[0]).toMatchObject({
      principal: 'c1',
      err: { type: 'Error', message: 'failed with status code 500' },
      msg: 'request errored',
    });
  });
});
