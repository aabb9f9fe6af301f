import { DomainError, type ErrorDetail } from '../../../../shared/errors/domain-error.js';
import type { ChargeRevision, CreateChargeCommand } from '../../../cash-in/application/merchant-charges.js';
import type { CobRequest, CobRevisionRequest, DevedorRequest } from './cob.request.js';

/** spec, CobExpiracao: `expiracao` defaults to 86400 seconds (one day) when left out. */
export const DEFAULT_COB_EXPIRATION_SECONDS = 86_400;

/** The client API's field names, as the charge's own rules name a refused field, in API Pix's words. */
const PROPERTY_OF_FIELD: Record<string, string> = {
  expiration_time: 'cob.calendario.expiracao',
  amount: 'cob.valor.original',
  payer_document: 'cob.devedor',
  payer_name: 'cob.devedor.nome',
  description: 'cob.solicitacaoPagador',
  txid: 'cob.txid',
};

/** A refused field's API Pix property: `cob.` before a body path, the client API's names translated. */
export function cobProperty(field: string): string {
  if (field.startsWith('cob.')) return field;
  return PROPERTY_OF_FIELD[field] ?? `cob.${field}`;
}

function refuse(problems: ErrorDetail[]): void {
  if (problems.length > 0) throw new DomainError('VALIDATION_ERROR', `${problems[0]!.field} ${problems[0]!.issue}`, problems);
}

/** Rules across the fields of a body that the schema states in words (`devedor`) or that the service adds. */
function commonProblems(body: CobRequest | CobRevisionRequest): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const d = body.devedor;
  // spec, `devedor`: either cpf or cnpj, never both.
  if (d && (d.cpf === undefined) === (d.cnpj === undefined)) {
    problems.push({ field: 'cob.devedor', issue: 'deve ter cpf ou cnpj, um deles, junto de nome' });
  }
  // The location's type is the charge's: a `cob` names a `cob` location (its own type checked with the charge).
  if (body.loc?.tipoCob !== undefined && body.loc.tipoCob !== 'cob') {
    problems.push({ field: 'cob.loc.tipoCob', issue: 'deve ser "cob"' });
  }
  if (body.valor) {
    if (/^0+\.00$/.test(body.valor.original)) problems.push({ field: 'cob.valor.original', issue: 'é zero' });
    // The service takes a charge's payment with exactly the amount due (docs/conventions.md §9).
    if (body.valor.modalidadeAlteracao === 1) {
      problems.push({ field: 'cob.valor.modalidadeAlteracao', issue: 'igual a 1 não é aceito: a cobrança é paga com o valor exato' });
    }
    if (body.valor.retirada !== undefined) {
      problems.push({ field: 'cob.valor.retirada', issue: 'não é aceito por esta API Pix: Pix Saque e Troco pela API do serviço' });
    }
  }
  return problems;
}

function payerOf(d: DevedorRequest): { name: string; document: string } {
  return { name: d.nome, document: (d.cpf ?? d.cnpj)! };
}

/** The charge a `PUT /cob/{txid}` (txid given) or `POST /cob` (txid drawn) body asks for. */
export function createCobCommand(body: CobRequest, clientId: string, txid?: string): CreateChargeCommand {
  refuse(commonProblems(body));
  const payer = body.devedor ? payerOf(body.devedor) : null;
  return {
    clientId,
    ...(txid !== undefined ? { txid } : {}),
    pixKey: body.chave,
    amount: body.valor.original,
    // The merchant's own identifier of the charge is its txid; one drawn here is shown back as well.
    reference: txid ?? 'api-pix cob',
    expirationTime: body.calendario.expiracao ?? DEFAULT_COB_EXPIRATION_SECONDS,
    ...(payer ? { payerName: payer.name, payerDocument: payer.document } : {}),
    ...(body.solicitacaoPagador !== undefined ? { description: body.solicitacaoPagador } : {}),
    ...(body.infoAdicionais ? { details: { additionalInfo: body.infoAdicionais.map((i) => ({ name: i.nome, value: i.valor })) } } : {}),
    // The caller's own location (POST /loc), checked with the charge (docs/adr/0238-api-pix-locations-are-the-clients-own.md).
    ...(body.loc ? { locationId: body.loc.id } : {}),
  };
}

/** What a `PATCH /cob/{txid}` body asks: the charge's removal, or a revision (never both, spec). */
export function reviseCobCommand(body: CobRevisionRequest): { remove: true } | { remove: false; changes: ChargeRevision } {
  const problems = commonProblems(body);
  const changed = (['calendario', 'devedor', 'valor', 'chave', 'solicitacaoPagador', 'infoAdicionais', 'loc'] as const).filter(
    (f) => body[f] !== undefined,
  );
  if (body.status !== undefined) {
    if (changed.length > 0) {
      problems.push({ field: 'cob.status', issue: 'REMOVIDA_PELO_USUARIO_RECEBEDOR não pode vir junto de outras alterações' });
    }
    refuse(problems);
    return { remove: true };
  }
  // What the charge's code or its statement line carry stays as issued (docs/api-pix.md, "cob").
  // A charge stays at the location it was issued at: `DELETE /loc/{id}/txid` frees it.
  for (const f of ['valor', 'chave', 'infoAdicionais', 'loc'] as const) {
    if (body[f] !== undefined) problems.push({ field: `cob.${f}`, issue: 'não pode ser revisado por esta API Pix; crie outra cobrança' });
  }
  refuse(problems);
  const payer = body.devedor ? payerOf(body.devedor) : null;
  return {
    remove: false,
    changes: {
      ...(body.calendario?.expiracao !== undefined ? { expirationSeconds: body.calendario.expiracao } : {}),
      ...(payer ? { expectedPayer: payer } : {}),
      ...(body.solicitacaoPagador !== undefined ? { description: body.solicitacaoPagador } : {}),
    },
  };
}
