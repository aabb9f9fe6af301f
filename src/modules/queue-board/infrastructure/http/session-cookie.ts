import { QUEUE_BOARD_ROUTE } from './board-permission.js';

/** The board session's cookie; its value is the session id, which only the browser holds. */
export const SESSION_COOKIE = 'queue_board_session';

/**
 * The attributes every Set-Cookie of the session carries: sent only to the board's paths, never to
 * scripts (HttpOnly), never on a request another site starts (SameSite=Strict), and only over HTTPS
 * when the request came over HTTPS (`req.secure`, which honours TRUST_PROXY behind a TLS proxy).
 */
function attributes(secure: boolean): string {
  return `Path=${QUEUE_BOARD_ROUTE}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie of a new session, which the browser drops after `maxAgeSeconds`. */
export function sessionCookie(id: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${id}; Max-Age=${maxAgeSeconds}; ${attributes(secure)}`;
}

/** The Set-Cookie that removes the session cookie (sign-out, or a session that has ended). */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Max-Age=0; ${attributes(secure)}`;
}

/** The session id in a `Cookie` header (the first cookie of that name), or undefined. */
export function sessionIdFrom(cookieHeader: string | undefined): string | undefined {
  for (const pair of cookieHeader?.split(';') ?? []) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === SESSION_COOKIE) return pair.slice(eq + 1).trim();
  }
  return undefined;
}
