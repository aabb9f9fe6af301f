import { Injectable } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { statusForCode } from '../../../../shared/errors/error-status.table.js';
import { bodyErrorMiddleware } from '../../../../shared/http/body-error.middleware.js';
import { BoardSessions } from '../../application/board-sessions.js';
import { adminScreen } from './admin-screen.js';
import { pathUnderBoard, QUEUE_BOARD_ROUTE } from './board-permission.js';
import { isCrossSiteWrite } from './cross-site.js';
import { clearedSessionCookie, sessionCookie, sessionIdFrom } from './session-cookie.js';
import { SIGN_IN_CSP, SIGN_IN_PATH, signInPage, signOutPage } from './sign-in.page.js';

/** The sign-in form's body; the service's own JSON parser has already read a JSON one. */
const readForm = express.urlencoded({ extended: false, limit: '1mb', parameterLimit: 20 });

/** What the form shows for a refusal, in the words of the form (the API's messages name headers). */
const FORM_MESSAGES: Partial<Record<string, string>> = {
  INVALID_CREDENTIALS: 'Unknown key id or wrong secret key.',
  FORBIDDEN: 'This key cannot sign in to the queue board.',
  INSUFFICIENT_SCOPE: 'This admin key does not hold admin:queues:read.',
};

/**
 * The board's sign-in and sign-out pages, `GET`/`POST` `/admin/queues/sign-in` and `/sign-out`, in front
 * of the access check (they are what a browser without a session reaches). Signing in posts the admin
 * key pair once; the answer is a session cookie and a redirect to the board. A browser is shown a refusal
 * on the form, with its status; a script gets the error body of docs/conventions.md §3. Both posts pass
 * the cross-site check, so another site can neither sign a browser in to its own session nor out.
 */
@Injectable()
export class QueueBoardSignIn {
  constructor(private readonly sessions: BoardSessions) {}

  readonly middleware = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const path = pathUnderBoard(req.originalUrl ?? req.url);
    if (path !== '/sign-in' && path !== '/sign-out') return next();
    adminScreen(res, SIGN_IN_CSP);
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    if (method === 'GET') return void res.type('html').send(path === '/sign-in' ? signInPage(this.sessions.ttlSeconds) : signOutPage());
    if (method !== 'POST') {
      res.setHeader('Allow', 'GET, HEAD, POST');
      throw new DomainError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${QUEUE_BOARD_ROUTE}${path}`);
    }
    if (isCrossSiteWrite(req.method, (name) => req.header(name))) {
      throw new DomainError('FORBIDDEN', 'The queue board accepts sign-in and sign-out only from its own pages (same origin)');
    }
    if (path === '/sign-out') return this.signOut(req, res);
    if (await this.unreadable(req, res, next)) return;
    try {
      await this.signIn(req, res);
    } catch (e) {
      if (!(e instanceof DomainError) || !wantsPage(req)) throw e;
      const retryAfter = (e as DomainError & { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
      const message = FORM_MESSAGES[e.code] ?? e.message;
      res.status(statusForCode(e.code)).type('html').send(signInPage(this.sessions.ttlSeconds, message));
    }
  };

  private async signIn(req: Request, res: Response): Promise<void> {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const id = await this.sessions.signIn(text(form.key_id), text(form.secret_key), req.ip);
    res.setHeader('Set-Cookie', sessionCookie(id, this.sessions.ttlSeconds, req.secure));
    res.redirect(303, `${QUEUE_BOARD_ROUTE}/`);
  }

  private async signOut(req: Request, res: Response): Promise<void> {
    const id = sessionIdFrom(req.header('cookie'));
    if (id !== undefined) await this.sessions.signOut(id);
    res.setHeader('Set-Cookie', clearedSessionCookie(req.secure));
    res.redirect(303, SIGN_IN_PATH);
  }

  /** Reads a form body; true when it could not be read and the refusal was answered (as any unreadable body is). */
  private unreadable(req: Request, res: Response, next: NextFunction): Promise<boolean> {
    return new Promise((resolve) =>
      readForm(req, res, (err?: unknown) => {
        if (err) bodyErrorMiddleware(err, req, res, next);
        resolve(Boolean(err));
      }),
    );
  }
}

/** A browser's form post (it accepts HTML), as opposed to a script. */
function wantsPage(req: Request): boolean {
  return (req.header('accept') ?? '').includes('text/html');
}
