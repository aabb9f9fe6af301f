import { DomainError, type ErrorDetail } from '../../../../shared/errors/domain-error.js';
import type { ChargeRevision, CreateChargeCommand, PayerAddress } from '../../../cash-in/application/merchant-charges.js';
import type { CobVDevedorRequest, CobVRequest, CobVRevisionRequest, CobVValorRequest } from './cobv.request.js';

/**
 * The days a due-date charge stays payable after its due date: the service's 30, and API Pix's default
 * (`validadeAposVencimento`); another number is refused (docs/api-pix.md, "cobv").
 */
export const DAYS_PAYABLE_AFTER_DUE_DATE = 30;

/** The client API's names of the terms (docs/due-date-charges.md) in API Pix's (`cobv.valor.*`). */
const TERM = { penalty: 'multa', interest: 'juros', rebate: 'abatimento', discount: 'desconto' } as const;
const PROPERTY_OF_FIELD: Record<string, string> = {
  amount: 'cobv.valor.original',
  due_date: 'cobv.calendario.dataDeVencimento',
  expiration_time: 'cobv.calendario',
  payer_document: 'cobv.devedor',
  payer_name: 'cobv.devedor.nome',
  description: 'cobv.solicitacaoPagador',
  txid: 'cobv.txid',
};

/** A refused field's API Pix property: `cobv.` before a body path, the client API's names translated. */
export function cobvProperty(field: string): string {
  if (field.startsWith('cobv.')) return field;
  if (PROPERTY_OF_FIELD[field]) return PROPERTY_OF_FIELD[field];
  const term = /^(penalty|interest|rebate|discount)(?:\.(.*))?$/.exec(field);
  if (term) {
    const rest = (term[2] ?? '')
      .replace(/^fixed_dates/, 'descontoDataFixa')
      .replace(/\.date$/, '.data')
      .replace(/(^|\.)value$/, '$1valorPerc')
      .replace(/(^|\.)mode$/, '$1modalidade');
    return `cobv.valor.${TERM[term[1] as keyof typeof TERM]}${rest ? `.${rest}` : ''}`;
  }
  return `cobv.${field}`;
}

function refuse(problems: ErrorDetail[]): void {
  if (problems.length > 0) throw new DomainError('VALIDATION_ERROR', `${problems[0]!.field} ${problems[0]!.issue}`, problems);
}

/** Rules the schema states in words, and what the service cannot represent (docs/api-pix.md, "cobv"). */
function commonProblems(body: CobVRequest | CobVRevisionRequest): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const d = body.devedor;
  if (d && (d.cpf === undefined) === (d.cnpj === undefined)) {
    problems.push({ field: 'cobv.devedor', issue: 'deve ter cpf ou cnpj, um deles, junto de nome' });
  }
  const days = body.calendario?.validadeAposVencimento;
  if (days !== undefined && days >= 0 && days !== DAYS_PAYABLE_AFTER_DUE_DATE) {
    problems.push({
      field: 'cobv.calendario.validadeAposVencimento',
      issue: `deve ser ${DAYS_PAYABLE_AFTER_DUE_DATE}: a cobrança pode ser paga até ${DAYS_PAYABLE_AFTER_DUE_DATE} dias corridos após o vencimento`,
    });
  }
  // The location's type is the charge's: a `cobv` names a `cobv` location (its own type checked with the charge).
  if (body.loc?.tipoCob !== undefined && body.loc.tipoCob !== 'cobv') {
    problems.push({ field: 'cobv.loc.tipoCob', issue: 'deve ser "cobv"' });
  }
  if (body.valor) problems.push(...valorProblems(body.valor));
  return problems;
}

function valorProblems(v: CobVValorRequest): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (/^0+\.00$/.test(v.original)) problems.push({ field: 'cobv.valor.original', issue: 'apresenta o valor zero' });
  // Interest by business days (5 to 8) is not offered (docs/due-date-charges.md, "Choices").
  if (v.juros && v.juros.modalidade > 4) {
    problems.push({ field: 'cobv.valor.juros.modalidade', issue: 'de 5 a 8 (dias úteis) não é oferecida: use de 1 a 4 (dias corridos)' });
  }
  const desconto = v.desconto;
  if (desconto) {
    const fixed = desconto.modalidade <= 2;
    if (fixed && desconto.valorPerc !== undefined) {
      problems.push({ field: 'cobv.valor.desconto.valorPerc', issue: 'não pode ser preenchido com modalidade 1 ou 2' });
    }
    if (fixed && !desconto.descontoDataFixa) {
      problems.push({ field: 'cobv.valor.desconto.descontoDataFixa', issue: 'está vazio ou nulo com modalidade 1 ou 2' });
    }
    if (!fixed && desconto.valorPerc === undefined) {
      problems.push({ field: 'cobv.valor.desconto.valorPerc', issue: 'não está preenchido com modalidade de 3 a 6' });
    }
    if (!fixed && desconto.descontoDataFixa !== undefined) {
      problems.push({ field: 'cobv.valor.desconto.descontoDataFixa', issue: 'está preenchido com modalidade de 3 a 6' });
    }
  }
  return problems;
}

/** The due-date terms a `valor` asks, in the service's DueDateTerms (docs/api-pix.md, "cobv", the mapping table). */
function termsOf(v: CobVValorRequest, dueDate: string): NonNullable<CreateChargeCommand['terms']> {
  const d = v.desconto;
  return {
    dueDate,
    ...(v.multa ? { penalty: { mode: v.multa.modalidade as 1 | 2, value: v.multa.valorPerc } } : {}),
    ...(v.juros ? { interest: { mode: v.juros.modalidade as 1 | 2 | 3 | 4, value: v.juros.valorPerc } } : {}),
    ...(v.abatimento ? { rebate: { mode: v.abatimento.modalidade as 1 | 2, value: v.abatimento.valorPerc } } : {}),
    ...(d
      ? {
          discount: {
            mode: d.modalidade as 1 | 2 | 3 | 4 | 5 | 6,
            ...(d.valorPerc !== undefined ? { value: d.valorPerc } : {}),
            ...(d.descontoDataFixa ? { fixedDates: d.descontoDataFixa.map((f) => ({ date: f.data, value: f.valorPerc })) } : {}),
          },
        }
      : {}),
  };
}

function payerOf(d: CobVDevedorRequest): { name: string; document: string; address: PayerAddress | null } {
  const address: PayerAddress = {
    ...(d.logradouro !== undefined ? { street: d.logradouro } : {}),
    ...(d.cidade !== undefined ? { city: d.cidade } : {}),
    ...(d.uf !== undefined ? { state: d.uf } : {}),
    ...(d.cep !== undefined ? { postalCode: d.cep } : {}),
    ...(d.email !== undefined ? { email: d.email } : {}),
  };
  return { name: d.nome, document: (d.cpf ?? d.cnpj)!, address: Object.keys(address).length > 0 ? address : null };
}

/** The due-date charge a `PUT /cobv/{txid}` body asks for. */
export function createCobVCommand(body: CobVRequest, clientId: string, txid: string): CreateChargeCommand {
  refuse(commonProblems(body));
  const payer = payerOf(body.devedor);
  return {
    clientId,
    txid,
    pixKey: body.chave,
    amount: body.valor.original,
    reference: txid,
    terms: termsOf(body.valor, body.calendario.dataDeVencimento),
    payerName: payer.name,
    payerDocument: payer.document,
    ...(body.solicitacaoPagador !== undefined ? { description: body.solicitacaoPagador } : {}),
    details: {
      ...(payer.address ? { payerAddress: payer.address } : {}),
      ...(body.infoAdicionais ? { additionalInfo: body.infoAdicionais.map((i) => ({ name: i.nome, value: i.valor })) } : {}),
    },
    // The caller's own location (POST /loc), checked with the charge (docs/adr/0238-api-pix-locations-are-the-clients-own.md).
    ...(body.loc ? { locationId: body.loc.id } : {}),
  };
}

/** What a `PATCH /cobv/{txid}` body asks: the charge's removal, or a revision of its payer or request to the payer. */
export function reviseCobVCommand(body: CobVRevisionRequest): { remove: true } | { remove: false; changes: ChargeRevision } {
  const problems = commonProblems(body);
  const changed = (['calendario', 'devedor', 'valor', 'chave', 'solicitacaoPagador', 'infoAdicionais', 'loc'] as const).filter(
    (f) => body[f] !== undefined,
  );
  if (body.status !== undefined) {
    if (changed.length > 0) {
      problems.push({ field: 'cobv.status', issue: 'REMOVIDA_PELO_USUARIO_RECEBEDOR não pode vir junto de outras alterações' });
    }
    refuse(problems);
    return { remove: true };
  }
  // The terms, the key and the statement line's amount stay as issued (docs/api-pix.md, "cobv").
  // ... and so does its location: `DELETE /loc/{id}/txid` frees it.
  for (const f of ['calendario', 'valor', 'chave', 'infoAdicionais', 'loc'] as const) {
    if (body[f] !== undefined) problems.push({ field: `cobv.${f}`, issue: 'não pode ser revisado por esta API Pix; crie outra cobrança' });
  }
  refuse(problems);
  const payer = body.devedor ? payerOf(body.devedor) : null;
  return {
    remove: false,
    changes: {
      ...(payer ? { expectedPayer: { name: payer.name, document: payer.document }, payerAddress: payer.address } : {}),
      ...(body.solicitacaoPagador !== undefined ? { description: body.solicitacaoPagador } : {}),
    },
  };
}
