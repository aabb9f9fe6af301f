import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../errors/error-body.js';
import { statusForCode } from '../errors/error-status.table.js';

/** Body-parser failures happen before Nest's filters see the request; render them as docs/conventions.md §3. */
export function bodyErrorMiddleware(err: unknown, req: Request, res: Response, next: NextFunction): void {
  const e = err as { type?: string; status?: number };
  if (!e || typeof e.status !== 'number') return next(err);
  const id = String((req as Request & { id?: string }).id ?? '');
  if (e.type === 'entity.too.large') {
    res.status(413).json(errorBody('PAYLOAD_TOO_LARGE', 'Request body exceeds 1 MiB', id));
  } else if (e.type === 'entity.parse.failed') {
    res.status(400).json(errorBody('MALFORMED_JSON', 'Request body is not valid JSON', id));
  } else if (e.status === 415) {
    // An unsupported charset or content encoding.
    res
      .status(statusForCode('UNSUPPORTED_MEDIA_TYPE'))
      .json(errorBody('UNSUPPORTED_MEDIA_TYPE', 'Request body is in a charset or encoding that cannot be read', id));
  } else if (e.status >= 400 && e.status < 500) {
    res.status(statusForCode('BAD_REQUEST')).json(errorBody('BAD_REQUEST', 'Request body could not be read', id));
  } else {
    next(err);
  }
}
