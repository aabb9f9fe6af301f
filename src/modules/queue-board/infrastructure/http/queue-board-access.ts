import { Injectable, SetMetadata } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { NextFunction, Request, Response } from 'express';
import { AUTH_POLICY, type AuthPolicy } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { PrincipalGuard } from '../../../../shared/auth/principal.guard.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { statusForCode } from '../../../../shared/errors/error-status.table.js';
import { basicKeyPair, type BasicKeyPair } from './basic-credentials.js';
import { boardPermission, QUEUE_BOARD_ROUTE, QUEUE_READ_SCOPE, QUEUE_WRITE_SCOPE } from './board-permission.js';
import { isCrossSiteWrite } from './cross-site.js';

/** Makes a browser ask for a user name (the key id) and a password (the secret key). */
export const QUEUE_BOARD_CHALLENGE = 'Basic realm="Bull Board", charset="UTF-8"';

type AuthedRequest = Request & { principal?: Principal };

/**
 * The board's access policy, read by the app's own guard as if the board were a controller: an admin,
 * by bearer token or by the API-key pair (which `basicKeyPair` also takes from HTTP Basic).
 */
class QueueBoardPolicy {
  @SetMetadata(AUTH_POLICY, { principal: 'admin', apiKey: true } satisfies AuthPolicy)
  open(): void {}
}

/**
 * Guards every path under the board (page, assets, its API). Bull Board is an Express app mounted by a
 * middleware, where Nest's global guard never runs, so this middleware runs that guard itself
 * (`PrincipalGuard`: token check and revocation, key-pair check on the token endpoint's per-key and
 * per-source budgets, principal kind, the per-principal budget). A refusal is thrown, so the global
 * exception filter renders it as every other error of the service; a 401 also carries the Basic
 * challenge, so a browser prompts for the admin's key pair.
 */
@Injectable()
export class QueueBoardAccess {
  constructor(private readonly guard: PrincipalGuard) {}

  readonly middleware = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    // An admin screen: never cached, never framed by another page (clickjacking).
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
    try {
      (req as AuthedRequest).principal = await this.admit(req, res);
    } catch (e) {
      if (e instanceof DomainError && statusForCode(e.code) === 401) res.setHeader('WWW-Authenticate', QUEUE_BOARD_CHALLENGE);
      throw e;
    }
    if (isCrossSiteWrite(req.method, (name) => req.header(name))) {
      throw new DomainError('FORBIDDEN', 'The queue board accepts changes only from its own pages (same origin)');
    }
    this.authorize(req.method, boardPath(req), (req as AuthedRequest).principal!);
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

  private async admit(req: Request, res: Response): Promise<Principal> {
    const pair = basicKeyPair(req.header('authorization'));
    const seen: AuthedRequest = pair ? keyPairRequest(req, pair) : req;
    await this.guard.canActivate(new ExecutionContextHost([seen, res], QueueBoardPolicy, QueueBoardPolicy.prototype.open));
    return seen.principal!;
  }
}

/** The request's path under the board's mount point (`/api/queues`, `/static/...`, `/` for the page). */
function boardPath(req: Request): string {
  const path = (req.originalUrl ?? req.url).split('?')[0] ?? '/';
  const under = path.startsWith(QUEUE_BOARD_ROUTE) ? path.slice(QUEUE_BOARD_ROUTE.length) : path;
  return under === '' ? '/' : under;
}

/** The request as the guard sees a key pair: the `x-key-id`/`x-secret-key` headers and the caller's address. */
function keyPairRequest(req: Request, pair: BasicKeyPair): AuthedRequest {
  const headers: Record<string, string> = { 'x-key-id': pair.keyId, 'x-secret-key': pair.secret };
  return { ip: req.ip, headers, header: (name: string) => headers[name.toLowerCase()] } as unknown as AuthedRequest;
}
