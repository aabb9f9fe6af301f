import { Injectable, SetMetadata } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { NextFunction, Request, Response } from 'express';
import { AUTH_POLICY, type AuthPolicy } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { PrincipalGuard } from '../../../../shared/auth/principal.guard.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { QUEUE_READ_SCOPE, QUEUE_WRITE_SCOPE } from '../../application/board-session.js';
import { BoardSessions } from '../../application/board-sessions.js';
import { boardPermission, pathUnderBoard } from './board-permission.js';
import { isCrossSiteWrite } from './cross-site.js';
import { adminScreen } from './admin-screen.js';
import { clearedSessionCookie, sessionIdFrom } from './session-cookie.js';
import { SIGN_IN_PATH } from './sign-in.page.js';

type AuthedRequest = Request & { principal?: Principal };

/** The board's policy for a script's bearer token, read by the app's own guard as if the board were a controller. */
class QueueBoardPolicy {
  @SetMetadata(AUTH_POLICY, { principal: 'admin' } satisfies AuthPolicy)
  open(): void {}
}

const BEARER = /^Bearer(\s|$)/i;

/**
 * Guards every path under the board (page, assets, its API) but the sign-in pages. A browser is
 * admitted by its session cookie (`BoardSessions`: one Redis read, no credential check and no budget;
 * the session ends at its expiry, at sign-out or when its key is revoked). A script sends an admin
 * bearer token, which the app's own guard checks (Bull Board is an Express app behind a middleware, where
 * Nest's global guard never runs): signature, expiry, revocation, principal kind, the per-principal
 * budget. Then the cross-site check and the request's scope. A refusal is thrown, so the global exception
 * filter renders it as every other error of the service; a browser opening the page without a session is
 * sent to the sign-in page instead. The key pair itself is never taken here (no HTTP Basic): a browser
 * would keep it and send it with every request.
 */
@Injectable()
export class QueueBoardAccess {
  constructor(
    private readonly guard: PrincipalGuard,
    private readonly sessions: BoardSessions,
  ) {}

  readonly middleware = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    adminScreen(res);
    const path = pathUnderBoard(req.originalUrl ?? req.url);
    const principal = BEARER.test(req.header('authorization') ?? '') ? await this.byToken(req, res) : await this.bySession(req, res);
    if (!principal) {
      if (opensThePage(req, path)) return void res.redirect(303, SIGN_IN_PATH);
      throw new DomainError('UNAUTHORIZED', `Sign in to the queue board at ${SIGN_IN_PATH}, or send an admin bearer token`);
    }
    (req as AuthedRequest).principal = principal;
    if (isCrossSiteWrite(req.method, (name) => req.header(name))) {
      throw new DomainError('FORBIDDEN', 'The queue board accepts changes only from its own pages (same origin)');
    }
    this.authorize(req.method, path, principal);
    next();
  };

  /** The scope the request needs (read, or write for retry/promote/clean/pause), or a refusal for everyone. */
  private authorize(method: string, path: string, principal: Principal): void {
    const needed = boardPermission(method, path);
    if (needed === 'never') {
      throw new DomainError('FORBIDDEN', 'The queue board does not add jobs, edit job data, empty or obliterate queues');
    }
    const scope = needed === 'write' ? QUEUE_WRITE_SCOPE : QUEUE_READ_SCOPE;
    if (!principal.scopes.includes(scope)) throw new DomainError('INSUFFICIENT_SCOPE', `Missing scope: ${scope}`);
  }

  private async byToken(req: AuthedRequest, res: Response): Promise<Principal> {
    await this.guard.canActivate(new ExecutionContextHost([req, res], QueueBoardPolicy, QueueBoardPolicy.prototype.open));
    return req.principal!;
  }

  /**
   * The admin of the request's session, or null. Any other `Authorization` (a browser may still send the
   * HTTP Basic pair it kept from before) is ignored, never checked. A cookie whose session has ended is removed.
   */
  private async bySession(req: Request, res: Response): Promise<Principal | null> {
    const id = sessionIdFrom(req.header('cookie'));
    if (id === undefined) return null;
    const principal = await this.sessions.resume(id);
    if (!principal) res.setHeader('Set-Cookie', clearedSessionCookie(req.secure));
    return principal;
  }
}

/** A browser loading the board's page (not its JSON API or an asset): sent to sign in rather than shown a 401. */
function opensThePage(req: Request, path: string): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !path.startsWith('/api/') &&
    !path.startsWith('/static/') &&
    (req.header('accept') ?? '').includes('text/html')
  );
}
