import { AsyncLocalStorage } from 'node:async_hooks';
import { Body, Controller, Headers, HttpCode, Post, type CallHandler, type NestInterceptor, type Type } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants.js';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { IsString } from 'class-validator';
import { defer, lastValueFrom, type Observable } from 'rxjs';
import { CashInController } from '../../modules/cash-in/infrastructure/http/cash-in.controller.js';
import { ChargeQrImageInterceptor } from '../../modules/cash-in/infrastructure/http/charge-qr-image.interceptor.js';
import { CashOutController } from '../../modules/cash-out/infrastructure/http/cash-out.controller.js';
import { P2pController } from '../../modules/p2p/infrastructure/http/p2p.controller.js';
import { ReversalsController } from '../../modules/reversals/infrastructure/http/reversals.controller.js';
import { createValidationPipe } from '../errors/validation.pipe.js';
import { groupCommitGroup } from '../persistence/work-lane.js';
import type { IdempotencyService, IdempotentRequest, StoredResponse } from './idempotency.service.js';
import { Idempotent, IdempotencyInterceptor } from './idempotent.interceptor.js';

class PayRequest {
  @IsString() amount: string;
}

class Outer implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler): Observable<unknown> {
    return next.handle();
  }
}

@Controller('api/v1/pay')
class PayController {
  @Post()
  @HttpCode(200)
  @Idempotent({ extraHeader: 'X-Meaning' })
  async pay(@Body() body: PayRequest, @Headers('x-meaning') _meaning?: string): Promise<object> {
    return { paid: body.amount };
  }

  @Post('plain')
  @Idempotent({ outside: [Outer] })
  async plain(@Body() body: PayRequest): Promise<object> {
    return { paid: body.amount };
  }

  @Post('batched')
  @Idempotent({ groupCommit: true })
  async batched(@Body() body: PayRequest): Promise<object> {
    return { paid: body.amount };
  }

  @Post('bodiless')
  @Idempotent()
  async bodiless(): Promise<object> {
    return {};
  }
}

/** The open "transaction" of the stub service: the handler must run inside it. */
const tx = new AsyncLocalStorage<string>();

/** IdempotencyService's contract as the interceptor sees it: `work` runs in the transaction, or a replay is answered. */
class StubIdempotency {
  readonly requests: IdempotentRequest[] = [];
  /** The group-commit lane each request ran in (undefined: none). */
  readonly groups: (string | undefined)[] = [];
  replay?: StoredResponse<unknown>;

  async execute<T>(req: IdempotentRequest, work: () => Promise<{ status: number; body: T }>): Promise<StoredResponse<T>> {
    this.requests.push(req);
    this.groups.push(groupCommitGroup());
    if (this.replay) return this.replay as StoredResponse<T>;
    return { ...(await tx.run('the transaction', work)), replayed: false };
  }
}

class FakeResponse {
  statusCode = 201;
  readonly headers: Record<string, string> = {};
  status(code: number): this {
    this.statusCode = code;
    return this;
  }
  setHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
}

describe('@Idempotent() and IdempotencyInterceptor', () => {
  let idempotency: StubIdempotency;
  let interceptor: IdempotencyInterceptor;

  beforeEach(() => {
    idempotency = new StubIdempotency();
    interceptor = new IdempotencyInterceptor(idempotency as unknown as IdempotencyService);
  });

  /** One request through the interceptor to `Controller.method`, whose handler is `handler`. */
  function call(
    controller: Type<unknown>,
    method: string,
    opts: { body?: unknown; headers?: Record<string, string>; status?: number; principal?: object | null } = {},
    handler: (req: { body: unknown }) => unknown = (req) => ({ echoed: req.body }),
  ) {
    const req = {
      method: 'POST',
      body: opts.body ?? { amount: '1.00' },
      headers: opts.headers ?? {},
      principal: opts.principal === null ? undefined : (opts.principal ?? { id: 'client-1' }),
    };
    const res = new FakeResponse();
    res.statusCode = opts.status ?? 200;
    const context = new ExecutionContextHost(
      [req, res, () => undefined],
      controller,
      (controller.prototype as Record<string, () => unknown>)[method],
    );
    const seen: { store?: string; calls: number } = { calls: 0 };
    const next: CallHandler = {
      handle: () =>
        defer(async () => {
          seen.calls++;
          seen.store = tx.getStore();
          return handler(req);
        }),
    };
    return { req, res, seen, answer: lastValueFrom(interceptor.intercept(context, next)) };
  }

  it('puts the outside interceptors around the idempotent part, outermost first', () => {
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, PayController.prototype.plain)).toEqual([Outer, IdempotencyInterceptor]);
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, PayController.prototype.pay)).toEqual([IdempotencyInterceptor]);
  });

  it('fingerprints key, client, method, route path, the validated body and the meaning-changing header', async () => {
    const { req, answer } = call(PayController, 'pay', {
      body: { amount: '1.00' },
      headers: { 'x-idempotency-key': 'K', 'x-meaning': 'E2E-1', 'x-other': 'ignored' },
    });
    await answer;
    expect(idempotency.requests).toHaveLength(1);
    const sent = idempotency.requests[0]!;
    expect(sent).toMatchObject({ clientId: 'client-1', key: 'K', method: 'POST', path: '/api/v1/pay', extra: 'E2E-1' });
    // The DTO, as the handler gets it, and the very object the request now carries.
    expect(sent.body).toBeInstanceOf(PayRequest);
    expect(sent.body).toEqual(Object.assign(new PayRequest(), { amount: '1.00' }));
    expect(req.body).toBe(sent.body);
  });

  it('an absent meaning-changing header counts as null; a route without the option sends none; no key is undefined', async () => {
    await call(PayController, 'pay').answer;
    await call(PayController, 'plain', { headers: { 'x-meaning': 'E2E-1' } }).answer;
    expect(idempotency.requests.map((r) => [r.path, r.key, r.extra])).toEqual([
      ['/api/v1/pay', undefined, null],
      ['/api/v1/pay/plain', undefined, null],
    ]);
  });

  it('the global validation pipe passes the validated DTO on as it is', async () => {
    const { req, answer } = call(PayController, 'pay');
    await answer;
    const pipe = createValidationPipe();
    await expect(pipe.transform(req.body, { type: 'body', metatype: PayRequest, data: undefined })).resolves.toBe(req.body);
    // Another object of the same shape is validated as usual.
    await expect(pipe.transform({ amount: 5 }, { type: 'body', metatype: PayRequest, data: undefined })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });

  it('refuses an invalid body before the idempotent part: no key is claimed, the handler never runs', async () => {
    const { seen, answer } = call(PayController, 'pay', { body: { amount: 5 }, headers: { 'x-idempotency-key': 'K' } });
    await expect(answer).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(call(PayController, 'pay', { body: { amount: '1.00', extra: 1 } }).answer).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(idempotency.requests).toEqual([]);
    expect(seen.calls).toBe(0);
  });

  it('runs the handler inside the transaction execute opens, and stores its answer with the status Nest set', async () => {
    const stored: { status: number; body: unknown }[] = [];
    const execute = idempotency.execute.bind(idempotency);
    idempotency.execute = (req, work) =>
      execute(req, async () => {
        const answer = await work();
        stored.push(answer);
        return answer;
      });
    const { res, seen, answer } = call(PayController, 'pay', { status: 201 });

    expect(await answer).toEqual({ echoed: Object.assign(new PayRequest(), { amount: '1.00' }) });
    expect(seen).toEqual({ calls: 1, store: 'the transaction' });
    expect(stored).toEqual([{ status: 201, body: { echoed: Object.assign(new PayRequest(), { amount: '1.00' }) } }]);
    expect(res.statusCode).toBe(201);
    expect(res.headers).toEqual({});
  });

  it('answers a replay with its stored status, its body and Idempotent-Replayed: true, without running the handler', async () => {
    idempotency.replay = { status: 201, body: { stored: true }, replayed: true };
    const { res, seen, answer } = call(PayController, 'pay', { status: 200, headers: { 'x-idempotency-key': 'K' } });
    expect(await answer).toEqual({ stored: true });
    expect(res.statusCode).toBe(201);
    expect(res.headers).toEqual({ 'Idempotent-Replayed': 'true' });
    expect(seen.calls).toBe(0);
  });

  it('a refusal of the handler is execute’s to store, and reaches the caller', async () => {
    const refusal = new Error('refused');
    await expect(call(PayController, 'pay', {}, () => Promise.reject(refusal)).answer).rejects.toBe(refusal);
    expect(idempotency.requests).toHaveLength(1);
  });

  it("runs a groupCommit route in the caller's group-commit lane, and no other route (docs/adr/0246-group-commit.md)", async () => {
    await call(PayController, 'batched').answer;
    await call(PayController, 'pay').answer;
    expect(idempotency.groups).toEqual(['client-1', undefined]);
  });

  it('needs a principal and one @Body() DTO', async () => {
    await expect(call(PayController, 'pay', { principal: null }).answer).rejects.toThrow(/without authentication/);
    await expect(call(PayController, 'bodiless').answer).rejects.toThrow(/needs exactly one @Body\(\) of a DTO class/);
    expect(idempotency.requests).toEqual([]);
  });

  // The fingerprint covers the path: the derived one must be the literal each controller passed before, or a
  // retry across the deploy would be answered IDEMPOTENCY_KEY_REUSED.
  it.each([
    [CashOutController, 'create', '/api/v1/pix/cash-out', 'x-pix-lookup-e2e'],
    [CashInController, 'create', '/api/v1/pix/cash-in/qrcode', undefined],
    [P2pController, 'send', '/api/v1/pix/p2p/transfers', undefined],
    [ReversalsController, 'reverse', '/api/v1/pix/reversals', undefined],
  ] as [Type<unknown>, string, string, string | undefined][])(
    '%p.%s is fingerprinted under %s',
    (controller, method, path, extraHeader) => {
      const handler = (controller.prototype as Record<string, () => unknown>)[method]!;
      const context = new ExecutionContextHost([], controller, handler);
      const route = (interceptor as unknown as { route(c: ExecutionContextHost): { path: string; options: object } }).route(context);
      expect(route.path).toBe(path);
      expect(route.options).toEqual({
        ...(extraHeader ? { extraHeader } : {}),
        ...(controller === CashInController ? { outside: [ChargeQrImageInterceptor] } : {}),
        ...(controller === CashOutController ? { groupCommit: true } : {}),
      });
    },
  );
});
