/** RFC 6749 §5.2 error codes the token endpoint answers with. */
export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_scope' | 'unsupported_grant_type' | 'unauthorized_client';

/**
 * A refusal of the token endpoint, answered as RFC 6749 §5.2 says: `{error, error_description}`, 400, or 401
 * with `WWW-Authenticate` for a client that failed to authenticate.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  get status(): 400 | 401 {
    return this.error === 'invalid_client' ? 401 : 400;
  }
}
