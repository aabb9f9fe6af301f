import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ApiHeader } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { defer, lastValueFrom, type Observable } from 'rxjs';
import type { Principal } from '../auth/principal.js';
import { createValidationPipe, passValidatedBody } from '../errors/validation.pipe.js';
import { inGroupCommit } from '../persistence/work-lane.js';
import { IdempotencyService } from './idempotency.service.js';

export interface IdempotentOptions {
  /**
   * A request header (lower case) that changes what the request means, so it is part of the request's
   * fingerprint (docs/conventions.md §5), e.g. cash-out's `x-pix-lookup-e2e`.
   */
  extraHeader?: string;
  /**
   * Interceptors around the idempotent part, outermost first: they run for a first answer and for a replay
   * alike, after the transaction is over, and what they add to the answer is not stored (e.g. a charge's QR
   * image, drawn again from its stored `qr_code_text`: docs/adr/0204-one-idempotent-interceptor.md).
   */
  outside?: Type<NestInterceptor>[];
  /**
   * The request's transaction may be group-committed with other requests' (docs/adr/0246-group-commit.md):
   * only for a handler whose row locks are the caller's own (its paying account first), such as a cash-out's
   * creation.
   */
  groupCommit?: boolean;
}

const IDEMPOTENT_OPTIONS = 'ips:idempotent';

/** A route handler, as `ExecutionContext.getHandler()` gives it. */
type Handler = ReturnType<ExecutionContext['getHandler']>;

/**
 * Makes a POST handler idempotent (docs/conventions.md §5): `IdempotencyInterceptor` runs it inside
 * `IdempotencyService.execute`, so the key's claim is the first statement of the transaction the handler's
 * use case joins, and answers a replay with its status and `Idempotent-Replayed: true`. Also documents the
 * `X-Idempotency-Key` header. The handler needs an authenticated principal and one `@Body()` of a DTO class.
 */
export function Idempotent(options: IdempotentOptions = {}): MethodDecorator {
  return applyDecorators(
    SetMetadata(IDEMPOTENT_OPTIONS, options),
    UseInterceptors(...(options.outside ?? []), IdempotencyInterceptor),
    ApiHeader({
      name: 'X-Idempotency-Key',
      required: false,
      description: 'UUID; a retry with the same key and body replays the first answer',
    }),
  );
}

/** What the interceptor reads of a handler once: its options, its route path and its body's DTO class. */
interface IdempotentRoute {
  options: IdempotentOptions;
  path: string;
  body: { index: number; metatype: Type<unknown> };
}

/** The route's path as declared, `/controller/method`, e.g. `/api/v1/pix/cash-in/qrcode` (part of the fingerprint). */
function routePath(controller: Type<unknown>, handler: Handler): string {
  const parts = [Reflect.getMetadata(PATH_METADATA, controller) as unknown, Reflect.getMetadata(PATH_METADATA, handler) as unknown];
  return `/${parts
    .map((p) => String(p ?? '').replace(/^\/+|\/+$/g, ''))
    .filter((p) => p !== '')
    .join('/')}`;
}

/** The handler's one `@Body()` parameter (the whole body) and its DTO class. */
function bodyParameter(controller: Type<unknown>, handler: Handler): IdempotentRoute['body'] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler.name) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const bodies = Object.entries(args).filter(([key, arg]) => key.split(':')[0] === String(RouteParamtypes.BODY) && arg.data === undefined);
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype as object, handler.name) ?? []) as unknown[];
  const index = bodies[0]?.[1].index;
  const metatype = index === undefined ? undefined : types[index];
  if (bodies.length !== 1 || typeof metatype !== 'function' || metatype === Object) {
    throw new Error(`@Idempotent() ${controller.name}.${handler.name} needs exactly one @Body() of a DTO class`);
  }
  return { index: index!, metatype: metatype as Type<unknown> };
}

function header(req: Request, name: string): string | undefined {
  return req.headers[name.toLowerCase()] as string | undefined;
}

/**
 * Runs an `@Idempotent()` handler inside `IdempotencyService.execute` and answers its outcome the same way
 * for every such endpoint: the status, the body, `Idempotent-Replayed: true` on a replay.
 *
 * Interceptors run before Nest's pipes, so the body is validated here first, by the same rules as the global
 * validation pipe, before any connection is taken: input refused by validation claims no key and is not
 * stored (docs/conventions.md §5), and the fingerprint covers the validated DTO, as the handler sees it. The
 * global pipe then passes that DTO on as it is. `next.handle()` is called inside the transaction, so the
 * handler (and the use case's `uow.run`) runs in it, behind the claim.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly routes = new WeakMap<Handler, IdempotentRoute>();
  private readonly pipe = createValidationPipe();

  constructor(private readonly idempotency: IdempotencyService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return defer(() => this.answer(context, next));
  }

  private async answer(context: ExecutionContext, next: CallHandler): Promise<unknown> {
    const route = this.route(context);
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { principal?: Principal }>();
    const res = http.getResponse<Response>();
    if (!req.principal) throw new Error('@Idempotent() used on an endpoint without authentication');
    const body = await this.pipe.transform(req.body, { type: 'body', metatype: route.body.metatype, data: undefined });
    req.body = passValidatedBody(body);
    const extra = route.options.extraHeader === undefined ? null : (header(req, route.options.extraHeader) ?? null);
    const clientId = req.principal.id;
    const execute = () =>
      this.idempotency.execute(
        { clientId, key: header(req, 'x-idempotency-key'), method: req.method, path: route.path, body, extra },
        async () => {
          const answer = await lastValueFrom(next.handle(), { defaultValue: undefined });
          // Nest set the handler's @HttpCode (or the method's default) before the interceptors ran.
          return { status: res.statusCode, body: answer };
        },
      );
    const result = await (route.options.groupCommit ? inGroupCommit(clientId, execute) : execute());
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(result.status);
    return result.body;
  }

  private route(context: ExecutionContext): IdempotentRoute {
    const handler = context.getHandler();
    let route = this.routes.get(handler);
    if (!route) {
      const controller = context.getClass<unknown>();
      route = {
        options: (Reflect.getMetadata(IDEMPOTENT_OPTIONS, handler) ?? {}) as IdempotentOptions,
        path: routePath(controller, handler),
        body: bodyParameter(controller, handler),
      };
      this.routes.set(handler, route);
    }
    return route;
  }
}
