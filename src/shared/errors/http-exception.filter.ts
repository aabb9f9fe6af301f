import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { errorForLog } from '../logging/redaction.js';
import { dependencyOutage } from './dependency-outage.js';
import { inputRejection } from './input-rejection.js';
import { DomainError } from './domain-error.js';
import { errorBody } from './error-body.js';
import type { ErrorCode } from './error-catalog.js';
import { statusForCode } from './error-status.table.js';

const CODE_BY_HTTP_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'ROUTE_NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Renders every error as docs/conventions.md §3; anything unexpected becomes a 500 that reveals nothing. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    const requestId = String(req.id ?? '');
    const outage = dependencyOutage(exception);
    if (outage && outage !== exception) this.logger.warn({ requestId, dependency: outage.dependency }, 'dependency unavailable');
    const error = outage ?? inputRejection(exception) ?? exception;
    const { status, body } = this.describe(error, requestId, req);
    if (status >= 500 && status !== 503) this.logger.error({ err: errorForLog(exception), requestId }, 'unhandled error');
    // Rate limits and outages say when to come back.
    const retryAfter = error instanceof DomainError ? (error as DomainError & { retryAfterSeconds?: number }).retryAfterSeconds : undefined;
    if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
    if ((error as { replayed?: boolean }).replayed) res.setHeader('Idempotent-Replayed', 'true');
    if (!res.headersSent) res.status(status).json(body);
  }

  private describe(exception: unknown, requestId: string, req: Request) {
    if (exception instanceof DomainError) {
      const status = statusForCode(exception.code);
      return { status, body: errorBody(exception.code, exception.message, requestId, exception.details) };
    }
    if (exception instanceof HttpException) {
      const raw = exception.getStatus();
      const code = CODE_BY_HTTP_STATUS[raw] ?? (raw >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
      // The catalog decides the status of every code, so a body never disagrees with docs/errors.md.
      const status = statusForCode(code);
      if (code === 'INTERNAL_ERROR') return this.internalError(requestId);
      const message = status === HttpStatus.NOT_FOUND ? `No route for ${req.method} ${req.path}` : safeMessage(exception);
      return { status, body: errorBody(code, message, requestId) };
    }
    return this.internalError(requestId);
  }

  private internalError(requestId: string) {
    return {
      status: statusForCode('INTERNAL_ERROR'),
      body: errorBody('INTERNAL_ERROR', 'An unexpected error occurred; quote the request_id to support', requestId),
    };
  }
}

function safeMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}
