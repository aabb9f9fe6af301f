import express, { type NextFunction, type Request, type Response } from 'express';

/** Set on a request whose form body could not be read; the token endpoint answers it `invalid_request`. */
export const FORM_REFUSED = Symbol('api-pix form refused');

const parse = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 });

/**
 * The token endpoint's body (RFC 6749: `application/x-www-form-urlencoded`), which the service's JSON parser
 * leaves alone. A body that cannot be read is marked, not failed, so the endpoint answers as RFC 6749 §5.2 says.
 */
export function formBodyMiddleware(req: Request, res: Response, next: NextFunction): void {
  parse(req, res, (err?: unknown) => {
    if (err) (req as Request & { [FORM_REFUSED]?: boolean })[FORM_REFUSED] = true;
    next();
  });
}
