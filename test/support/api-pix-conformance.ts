import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import OpenApiValidator from 'express-openapi-validator';
import request from 'supertest';
import { parse } from 'yaml';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

/** The header a test sets on a request it sends invalid on purpose (stripped before it reaches the service). */
export const INVALID_ON_PURPOSE = 'x-conformance-invalid-request';

/** A txid of its own for each charge a test makes (the spec's TxId: 26 to 35 letters and digits), random, not from the clock. */
export const newTxid = (prefix: string): string => `${prefix}${randomBytes(16).toString('hex')}`.slice(0, 35);

/** API Pix's base path here (docs/adr/0227-api-pix-beside-the-client-api.md), in place of the spec's `servers`. */
const BASE = '/api-pix/v2';

/**
 * docs/reference/api-pix-2.9.0.yaml as the validator reads it. Five errata, and only these, are mended. As
 * test/e2e/payload-location.e2e-spec.ts mends them: patterns written between slashes (`"/^\\d{11}$/"`,
 * PessoaFisica.cpf) lose them (read literally, no CPF would match), and `DadosRecebedor`'s misplaced
 * `required` at its own level is dropped. And the `revisao` query parameter's schema, a `$ref` to `Revisao`,
 * which is `readOnly` (meant for the property of a charge: OpenAPI 3.0 gives `readOnly` a meaning for
 * properties only), is written out without it: the validator would otherwise refuse every `?revisao=`.
 * `servers` is this service's base path. Paths whose operations name `servers` of their own (the payload
 * locations `/{pixUrlAccessToken}`, `/cobv/{pixUrlAccessToken}`, `/rec/{recUrlAccessToken}`, served at the
 * location's URL: `/qr/v2` here) are left out: the validator ignores an operation's `servers` and would take
 * `PUT /cobv/{txid}` or `GET /cob` for them. And `CobVValor.desconto`'s `oneOf` gets the `required` its first
 * branch (`descontoDataFixa`, modalities 1 and 2) leaves out: without it a discount of modalities 3 to 6, which
 * carries `valorPerc` alone, matches both branches and no such discount could ever be valid. And
 * `PayloadLocationCob.id`, `readOnly` through its `$ref`, is written out without it (a charge's `loc.id` is sent).
 */
export function apiPixDocument(): Record<string, unknown> {
  const doc = parse(readFileSync(resolve(process.cwd(), 'docs/reference/api-pix-2.9.0.yaml'), 'utf8')) as Record<string, unknown> & {
    components: { schemas: Record<string, Record<string, unknown>> };
  };
  const mend = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(mend);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'pattern' && typeof v === 'string') (node as Record<string, unknown>)[k] = v.replace(/^\/(.*)\/$/, '$1');
      else mend(v);
    }
  };
  mend(doc);
  delete doc.components.schemas.DadosRecebedor!.required;
  // `PixConsultados` requires `cobs`, copied from `CobsConsultadas`: its own property (and the spec's example
  // getPix1) is `pix`, so `pix` is what it requires here (docs/adr/0233-api-pix-pix-is-a-received-payment.md).
  doc.components.schemas.PixConsultados!.required = ['parametros', 'pix'];
  const { readOnly: _readOnly, ...revisao } = doc.components.schemas.Revisao!;
  const paths = doc.paths as Record<string, Record<string, { parameters?: { schema?: { $ref?: string } }[] }>>;
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item)) {
      for (const param of op.parameters ?? []) if (param.schema?.$ref === '#/components/schemas/Revisao') param.schema = { ...revisao };
    }
  }
  // `PayloadLocationCob.id` (a charge's `loc.id`, the location to issue it at) is a `$ref` to `PayloadLocationId`, which
  // is `readOnly` (meant for the location's own answers): the validator would refuse every `loc.id` a client sends,
  // the one thing it is for. Written out without it there (docs/adr/0238-api-pix-locations-are-the-clients-own.md).
  const { readOnly: _idReadOnly, ...locationId } = doc.components.schemas.PayloadLocationId!;
  (doc.components.schemas.PayloadLocationCob as { properties: Record<string, unknown> }).properties.id = { ...locationId };
  const desconto = (doc.components.schemas.CobVValor as { properties: { desconto: { oneOf: Record<string, unknown>[] } } }).properties
    .desconto;
  desconto.oneOf[0] = { ...desconto.oneOf[0], required: ['descontoDataFixa'] };
  for (const [path, item] of Object.entries(paths)) {
    if (Object.values(item).some((op) => typeof op === 'object' && op !== null && 'servers' in op)) delete paths[path];
  }
  // WebhookCompleto's `required` names `cnpj` (a property copied from another schema) where its own example,
  // and every webhook answer, holds `chave`: it requires `chave`, a key as the path parameter states it.
  const webhook = doc.components.schemas.WebhookCompleto as { required: string[]; properties: Record<string, unknown> };
  webhook.required = webhook.required.map((r) => (r === 'cnpj' ? 'chave' : r));
  webhook.properties.chave = { type: 'string', maxLength: 77 };
  doc.servers = [{ url: BASE }];
  return doc;
}

/**
 * A validator of the bodies a receiver gets from API Pix's callback `listaPix` (`POST {webhookUrl}/pix`,
 * `WebhookPixBody`), which the proxy cannot see: ajv over the same mended document. Returns the errors (none: []).
 */
export function pixCallbackViolations(body: unknown): string[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(apiPixDocument(), 'api-pix');
  const validate = ajv.compile({ $ref: 'api-pix#/components/requestBodies/WebhookPixBody/content/application~1json/schema' });
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

export interface Violation {
  operation: string;
  where: 'request' | 'response';
  message: string;
}

type RawRequest = Request & { rawBody?: Buffer; openapi?: { openApiRoute?: string } };

/**
 * A validating proxy in front of the app (test only): every request to API Pix sent through `http()` is
 * validated against the Central Bank's specification by express-openapi-validator, then forwarded as sent to
 * the service, and the service's answer is validated against the operation's response for that status and
 * media type, then handed back. It records each operation it saw (`covered`, as `METHOD /path status`) and
 * every violation; a request marked INVALID_ON_PURPOSE must be found invalid (`refusedOnPurpose`), and its
 * answer is still validated.
 */
export class ApiPixConformance {
  readonly violations: Violation[] = [];
  readonly covered = new Set<string>();
  /** Requests marked invalid on purpose that the validator did not find invalid. */
  readonly acceptedDespiteMark: string[] = [];
  private readonly proxy = express();

  constructor(private readonly app: NestExpressApplication) {
    const apiSpec = apiPixDocument() as never;
    const operationOf = (req: RawRequest) => `${req.method} ${req.openapi?.openApiRoute?.slice(BASE.length) ?? req.path}`;
    this.proxy.use(
      express.json({
        type: () => true,
        verify: (req, _res, buf) => {
          (req as RawRequest).rawBody = Buffer.from(buf);
        },
      }),
    );
    // Responses first, so an answer is validated even when its request was refused by the request validator.
    this.proxy.use(
      OpenApiValidator.middleware({
        apiSpec,
        validateRequests: false,
        validateSecurity: false,
        validateResponses: {
          onError: (err: Error, _body: unknown, req: Request) => {
            this.violations.push({ operation: operationOf(req as RawRequest), where: 'response', message: err.message });
          },
        },
      }),
    );
    const requestValidation = OpenApiValidator.middleware({
      apiSpec,
      validateRequests: true,
      validateResponses: false,
      validateSecurity: false,
    });
    this.proxy.use((req: Request, res: Response, next: NextFunction) => {
      const chain = [...requestValidation];
      const onPurpose = req.header(INVALID_ON_PURPOSE) === '1';
      const step = (err?: unknown): void => {
        if (err) {
          if (!onPurpose)
            this.violations.push({ operation: operationOf(req as RawRequest), where: 'request', message: (err as Error).message });
          (req as RawRequest & { refused?: boolean }).refused = true;
          return next();
        }
        const handler = chain.shift();
        if (!handler) {
          if (onPurpose) this.acceptedDespiteMark.push(operationOf(req as RawRequest));
          return next();
        }
        (handler as (req: Request, res: Response, next: NextFunction) => void)(req, res, step);
      };
      step();
    });
    this.proxy.use((req: Request, res: Response, next: NextFunction) => {
      this.forward(req as RawRequest, res, operationOf(req as RawRequest)).catch(next);
    });
  }

  /** Requests to API Pix through the validating proxy (paths as the spec writes them, under the base path). */
  http() {
    return request(this.proxy);
  }

  private async forward(req: RawRequest, res: Response, operation: string): Promise<void> {
    const method = req.method.toLowerCase() as 'get' | 'put' | 'post' | 'patch' | 'delete';
    let outgoing = request(this.app.getHttpServer())[method](req.originalUrl);
    for (const name of ['authorization', 'content-type', 'x-request-id']) {
      const value = req.header(name);
      if (value !== undefined) outgoing = outgoing.set(name, value);
    }
    const answer = await (req.rawBody && req.rawBody.length > 0 ? outgoing.send(req.rawBody.toString('utf8')) : outgoing);
    this.covered.add(`${operation} ${answer.status}`);
    const headers = answer.headers as IncomingHttpHeaders;
    for (const name of ['cache-control', 'www-authenticate', 'retry-after', 'x-request-id']) {
      const value = headers[name];
      if (typeof value === 'string') res.setHeader(name, value);
    }
    res.status(answer.status);
    const type = headers['content-type'];
    if (type) res.type(type);
    if (/json/.test(type ?? '') && answer.text) res.json(JSON.parse(answer.text));
    else res.send(answer.text);
  }
}
