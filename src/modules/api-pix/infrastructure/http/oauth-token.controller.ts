import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../../../shared/auth/auth.decorators.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { IssueApiPixTokenUseCase } from '../../application/issue-api-pix-token.use-case.js';
import { OAuthError } from '../../domain/oauth-error.js';
import { FORM_REFUSED } from './form-body.middleware.js';

/** RFC 6749 §2.3.1: `Basic base64(form-urlencoded(client_id) ":" form-urlencoded(client_secret))`. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null | 'malformed' {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return /^Basic\b/i.test(header) ? 'malformed' : null;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return 'malformed';
  const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  try {
    return { id: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

/** One value of a form parameter; a parameter sent twice is refused (RFC 6749 §3.2). */
function single(body: Record<string, unknown>, name: string): string | undefined {
  const v = body[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new OAuthError('invalid_request', `${name} must be sent once`);
  return v;
}

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/**
 * API Pix's token endpoint (docs/adr/0228-api-pix-client-credentials.md): OAuth 2.0 client credentials
 * (RFC 6749 §4.4), the API key's id and secret as `client_id` and `client_secret`, by HTTP Basic or in the
 * form. Beside the API's base path, as the spec's `tokenUrl` is beside its server. Not in the service's OpenAPI
 * document: RFC 6749 is its contract.
 */
@ApiExcludeController()
@Controller('api-pix/oauth')
export class OAuthTokenController {
  constructor(private readonly issue: IssueApiPixTokenUseCase) {}

  @Post('token')
  @HttpCode(200)
  @Public()
  async token(@Req() req: Request, @Res() res: Response): Promise<void> {
    try {
      const token = await this.issue.execute({ ...this.credentials(req), sourceAddress: req.ip ?? 'unknown' });
      res
        .set(NO_STORE)
        .json({ access_token: token.accessToken, token_type: 'Bearer', expires_in: token.expiresIn, scope: token.scopes.join(' ') });
    } catch (err) {
      if (err instanceof OAuthError) {
        res.status(err.status).set(NO_STORE);
        if (err.status === 401) res.set('WWW-Authenticate', 'Basic realm="api-pix"');
        res.json({ error: err.error, error_description: err.description });
        return;
      }
      if (err instanceof DomainError && err.code === 'RATE_LIMITED') {
        const retryAfter = (err as DomainError & { retryAfterSeconds?: number }).retryAfterSeconds;
        res
          .status(429)
          .set(NO_STORE)
          .set('Retry-After', String(retryAfter ?? 60));
        res.json({ error: 'invalid_request', error_description: err.message });
        return;
      }
      throw err;
    }
  }

  private credentials(req: Request): { clientId: string | undefined; clientSecret: string | undefined; scope: string | undefined } {
    if ((req as Request & { [FORM_REFUSED]?: boolean })[FORM_REFUSED] || !req.is('application/x-www-form-urlencoded')) {
      throw new OAuthError('invalid_request', 'The request must be application/x-www-form-urlencoded (RFC 6749 §4.4.2)');
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const grantType = single(body, 'grant_type');
    if (grantType === undefined) throw new OAuthError('invalid_request', 'grant_type is required');
    if (grantType !== 'client_credentials')
      throw new OAuthError('unsupported_grant_type', 'Only grant_type=client_credentials is supported');
    const basic = basicCredentials(req.header('authorization'));
    if (basic === 'malformed') throw new OAuthError('invalid_client', 'Malformed HTTP Basic credentials');
    const formId = single(body, 'client_id');
    const formSecret = single(body, 'client_secret');
    // RFC 6749 §2.3: a client uses one authentication method per request.
    if (basic && (formId !== undefined || formSecret !== undefined)) {
      throw new OAuthError('invalid_request', 'Send the client credentials by HTTP Basic or in the body, not both');
    }
    return {
      clientId: basic ? basic.id : formId,
      clientSecret: basic ? basic.secret : formSecret,
      scope: single(body, 'scope'),
    };
  }
}
