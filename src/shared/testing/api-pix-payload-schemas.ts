import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * The copied API Pix specification's schemas, made JSON Schema for ajv: OpenAPI 3.0's `nullable` becomes a
 * type union, and patterns written between slashes (`"/^\\d{11}$/"`, `PessoaFisica.cpf`, `codMun`) lose them.
 * `DadosRecebedor` also states `required: [logradouro, cidade, uf, cep]` at its own level, beside the
 * `recebedor` object whose fields they are; read literally, a `CobVPayload` would need them at its top level
 * (the spec's own example has them only inside `recebedor`), so that misplaced line is dropped.
 */
export function apiPixPayloadValidators(): { cob: ValidateFunction; cobv: ValidateFunction } {
  const doc = parse(readFileSync(resolve(process.cwd(), 'docs/reference/api-pix-2.9.0.yaml'), 'utf8')) as {
    components: { schemas: Record<string, Record<string, unknown>> };
  };
  const convert = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(convert);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === 'nullable' || k === 'example' || k === 'examples') continue;
      if (k === 'pattern' && typeof v === 'string') out[k] = v.replace(/^\/(.*)\/$/, '$1');
      else out[k] = convert(v);
    }
    if ((node as { nullable?: boolean }).nullable && typeof out.type === 'string') out.type = [out.type, 'null'];
    return out;
  };
  const schemas = convert(doc.components.schemas) as Record<string, Record<string, unknown>>;
  delete schemas.DadosRecebedor!.required;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'api-pix', components: { schemas } });
  return {
    cob: ajv.getSchema('api-pix#/components/schemas/CobPayload')!,
    cobv: ajv.getSchema('api-pix#/components/schemas/CobVPayload')!,
  };
}
