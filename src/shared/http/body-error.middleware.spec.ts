import type { NextFunction, Request, Response } from 'express';
import { ERROR_CATALOG } from '../errors/error-catalog.js';
import { bodyErrorMiddleware } from './body-error.middleware.js';

/** Runs the middleware on a body-parser error shaped like the ones body-parser raises (status, type). */
function render(err: { status: number; type: string }) {
  const sent: { status?: number; body?: { error: { code: keyof typeof ERROR_CATALOG } } } = {};
  const res = {
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: typeof sent.body) {
      sent.body = body;
      return this;
    },
  } as unknown as Response;
  let passedOn = false;
  bodyErrorMiddleware(Object.assign(new Error('x'), err), { id: 'req-1' } as unknown as Request, res, (() => {
    passedOn = true;
  }) as NextFunction);
  return { ...sent, passedOn };
}

describe('bodyErrorMiddleware', () => {
  it.each([
    [{ status: 413, type: 'entity.too.large' }, 'PAYLOAD_TOO_LARGE'],
    [{ status: 400, type: 'entity.parse.failed' }, 'MALFORMED_JSON'],
    [{ status: 415, type: 'charset.unsupported' }, 'UNSUPPORTED_MEDIA_TYPE'],
    [{ status: 415, type: 'encoding.unsupported' }, 'UNSUPPORTED_MEDIA_TYPE'],
    [{ status: 400, type: 'request.aborted' }, 'BAD_REQUEST'],
    [{ status: 400, type: 'request.size.invalid' }, 'BAD_REQUEST'],
  ])('renders %j as %s, with the status the error catalog gives that code', (err, code) => {
    const sent = render(err);
    expect(sent.body?.error.code).toBe(code);
    expect(sent.status).toBe(ERROR_CATALOG[code as keyof typeof ERROR_CATALOG].status);
  });

  it('leaves server-side stream failures to the exception filter', () => {
    const sent = render({ status: 500, type: 'stream.not.readable' });
    expect(sent.passedOn).toBe(true);
    expect(sent.status).toBeUndefined();
  });
});
