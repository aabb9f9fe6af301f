import type { NextFunction, Request, Response } from 'express';
import { NO_PROBLEM_TYPE, problem } from '../../domain/api-pix-problem.js';
import { sendProblem } from './api-pix-exception.filter.js';

/**
 * Mutual TLS, the scheme's rule for API Pix in production (docs/adr/0228-api-pix-client-credentials.md,
 * docs/operations.md "API Pix and mutual TLS"): the proxy in front terminates TLS, verifies the client's
 * certificate against the CA it is given, and passes the verified certificate in `header` (overwriting any
 * such header a client sent). With a header configured, an API Pix request without it is refused before
 * anything else runs: 401 `invalid_client` at the token endpoint, a 401 problem on the API.
 */
export function clientCertificateMiddleware(header: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.header(header) ?? '').trim() !== '') return next();
    if (req.path.startsWith('/api-pix/oauth/')) {
      res.status(401).set({ 'Cache-Control': 'no-store', 'WWW-Authenticate': 'Basic realm="api-pix"' });
      res.json({ error: 'invalid_client', error_description: 'A verified client certificate (mutual TLS) is required' });
      return;
    }
    sendProblem(
      res,
      problem(
        NO_PROBLEM_TYPE,
        'Certificado do cliente ausente',
        401,
        'API Pix exige TLS mútuo: a requisição não trouxe um certificado de cliente verificado.',
      ),
    );
  };
}
