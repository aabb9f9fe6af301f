import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { dependencyOutage } from '../../../../shared/errors/dependency-outage.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { isErrorCode } from '../../../../shared/errors/error-catalog.js';
import { statusForCode } from '../../../../shared/errors/error-status.table.js';
import { inputRejection } from '../../../../shared/errors/input-rejection.js';
import { errorForLog } from '../../../../shared/logging/redaction.js';
import { ApiPixProblem, problemOf, type Problema, type ProblemResource, type Refusal } from '../../domain/api-pix-problem.js';

const CODE_OF_STATUS: Record<number, string> = { 400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'ROUTE_NOT_FOUND' };

/** Sends a problem exactly as `application/problem+json` (a Buffer, so Express adds no charset), as the locations do. */
export function sendProblem(res: Response, problem: Problema, headers: Record<string, string> = {}): void {
  res.status(problem.status).setHeader('Content-Type', 'application/problem+json');
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.send(Buffer.from(JSON.stringify(problem), 'utf8'));
}

/**
 * Renders every error of an API Pix route as API Pix's problem details (docs/adr/0230-api-pix-problem-details.md):
 * guard refusals (401 with `WWW-Authenticate: Bearer`, RFC 6750; 403 `AcessoNegado`), validation
 * (`<Recurso>OperacaoInvalida` with `violacoes`), outages (503 `ServicoIndisponivel` with `Retry-After`). Bound
 * to API Pix's controllers only, so the client API keeps the global filter's body (docs/conventions.md §3).
 */
@Catch()
export class ApiPixExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiPixExceptionFilter');

  constructor(
    private readonly resource: ProblemResource | null,
    private readonly property: (field: string) => string = (f) => f,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof ApiPixProblem) return sendProblem(res, exception.problem);
    const error = dependencyOutage(exception) ?? inputRejection(exception) ?? exception;
    const refusal = this.refusalOf(error);
    if (refusal.status >= 500 && refusal.code !== 'SERVICE_UNAVAILABLE') {
      this.logger.error({ err: errorForLog(exception), requestId: String(req.id ?? '') }, 'unhandled error');
    }
    const headers: Record<string, string> = {};
    const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
    if (retryAfter) headers['Retry-After'] = String(retryAfter);
    if (refusal.status === 401) {
      // RFC 6750 §3: no token at all names no error; a token that failed names invalid_token.
      headers['WWW-Authenticate'] =
        refusal.code === 'UNAUTHORIZED' ? 'Bearer realm="api-pix"' : 'Bearer realm="api-pix", error="invalid_token"';
    }
    if (refusal.code === 'INSUFFICIENT_SCOPE') headers['WWW-Authenticate'] = 'Bearer realm="api-pix", error="insufficient_scope"';
    sendProblem(res, problemOf(refusal, this.resource, this.property), headers);
  }

  private refusalOf(error: unknown): Refusal {
    if (error instanceof DomainError) {
      return { code: error.code, status: statusForCode(error.code), message: error.message, details: error.details };
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const code = CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
      return { code, status: isErrorCode(code) ? statusForCode(code) : status, message: error.message, details: [] };
    }
    return { code: 'INTERNAL_ERROR', status: 500, message: 'internal error', details: [] };
  }
}
