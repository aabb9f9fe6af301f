import type { Money } from '../../../shared/money/money.js';

/**
 * The payloads a payer's institution reads at the location of one of our dynamic QR codes, in the shape of the
 * API Pix specification (docs/reference/api-pix-2.9.0.yaml, schemas `CobPayload` and `CobVPayload`, tag
 * `CobPayload`). Pure: the caller gives the charge as it is now and the instant the payload is presented.
 */

/** API Pix `PessoaFisica` / `PessoaJuridica`: a CPF or a CNPJ, with a name. */
export type Person = { cpf: string; nome: string } | { cnpj: string; nome: string };

/** API Pix `CobrancaStatus`; a location serves only payable charges, so `ATIVA` (docs/adr/0207-payload-location-errors.md). */
export type CobStatus = 'ATIVA';

export interface CobPayload {
  txid: string;
  revisao: number;
  calendario: { criacao: string; apresentacao: string; expiracao: number };
  devedor?: Person;
  valor: { original: string };
  chave: string;
  status: CobStatus;
  solicitacaoPagador?: string;
}

export interface CobVPayload {
  txid: string;
  revisao: number;
  calendario: { criacao: string; apresentacao: string; dataDeVencimento: string; validadeAposVencimento: number };
  devedor?: Person;
  recebedor: Person & { logradouro?: string; cidade: string; uf?: string; cep?: string };
  valor: { original: string; multa: string; juros: string; abatimento: string; desconto: string; final: string };
  chave: string;
  status: CobStatus;
  solicitacaoPagador?: string;
}

/** What the payloads need of a charge (cash-in's quote of it, as of the presentation). */
export interface ChargeForPayload {
  txid: string;
  revision: number;
  createdAt: Date;
  expiresAt: Date;
  amount: Money;
  pixKey: string;
  description: string | null;
  expectedPayer: { name: string | null; document: string | null } | null;
}

/** A due-date charge's terms and its amounts on the payment date. */
export interface DueDateForPayload {
  dueDate: string;
  /** Calendar days after the due date on which it can still be paid. */
  daysPayableAfterDue: number;
  amounts: { finalAmount: Money; penalty: Money; interest: Money; rebate: Money; discount: Money };
  receiver: { name: string; document: string; street?: string; city: string; state?: string; postalCode?: string };
}

/** A CPF (11 digits) or CNPJ (14, numeric or alphanumeric) with its name, as API Pix names a person; null without both. */
export function personOf(name: string | null, document: string | null): Person | null {
  if (!name || !document) return null;
  if (/^\d{11}$/.test(document)) return { cpf: document, nome: name };
  if (/^[0-9A-Z]{14}$/.test(document)) return { cnpj: document, nome: name };
  return null;
}

/** The fields both payloads share, in the spec's order of importance. */
function common(charge: ChargeForPayload) {
  const devedor = charge.expectedPayer ? personOf(charge.expectedPayer.name, charge.expectedPayer.document) : null;
  return {
    devedor: devedor ? { devedor } : {},
    solicitacaoPagador: charge.description ? { solicitacaoPagador: charge.description } : {},
  };
}

/**
 * API Pix `CobPayload` of an immediate charge presented at `presentedAt`: `calendario.expiracao` is the
 * charge's lifetime in whole seconds from its creation (`criacao`), `valor.original` its amount.
 */
export function immediateChargePayload(charge: ChargeForPayload, presentedAt: Date): CobPayload {
  const { devedor, solicitacaoPagador } = common(charge);
  return {
    txid: charge.txid,
    revisao: charge.revision,
    calendario: {
      criacao: charge.createdAt.toISOString(),
      apresentacao: presentedAt.toISOString(),
      expiracao: Math.round((charge.expiresAt.getTime() - charge.createdAt.getTime()) / 1000),
    },
    ...devedor,
    valor: { original: charge.amount.toFixed2() },
    chave: charge.pixKey,
    status: 'ATIVA',
    ...solicitacaoPagador,
  };
}

/**
 * API Pix `CobVPayload` of a due-date charge presented at `presentedAt`, its `valor` computed for the payment
 * date the payer asked for (`DPP`): original, then penalty, interest, rebate and discount applied that day,
 * and the final amount a payment that day must bring.
 */
export function dueDateChargePayload(charge: ChargeForPayload, due: DueDateForPayload, presentedAt: Date): CobVPayload {
  const { devedor, solicitacaoPagador } = common(charge);
  const r = due.receiver;
  const receiver = personOf(r.name, r.document) ?? { cpf: r.document, nome: r.name };
  const a = due.amounts;
  return {
    txid: charge.txid,
    revisao: charge.revision,
    calendario: {
      criacao: charge.createdAt.toISOString(),
      apresentacao: presentedAt.toISOString(),
      dataDeVencimento: due.dueDate,
      validadeAposVencimento: due.daysPayableAfterDue,
    },
    ...devedor,
    recebedor: {
      ...receiver,
      ...(r.street !== undefined ? { logradouro: r.street } : {}),
      cidade: r.city,
      ...(r.state !== undefined ? { uf: r.state } : {}),
      ...(r.postalCode !== undefined ? { cep: r.postalCode } : {}),
    },
    valor: {
      original: charge.amount.toFixed2(),
      multa: a.penalty.toFixed2(),
      juros: a.interest.toFixed2(),
      abatimento: a.rebate.toFixed2(),
      desconto: a.discount.toFixed2(),
      final: a.finalAmount.toFixed2(),
    },
    chave: charge.pixKey,
    status: 'ATIVA',
    ...solicitacaoPagador,
  };
}
