import type { MerchantCharge } from '../../../cash-in/application/merchant-charges.js';
import { cobStatusOf } from '../../domain/cob-status.js';
import { DAYS_PAYABLE_AFTER_DUE_DATE } from './cobv.command.js';
import { chargeLocationFields } from './loc.presenter.js';

/** A due-date charge's location as API Pix writes it: its payload location, `/qr/v2/cobv/{id}` (docs/adr/0205-payload-location.md). */
export function cobvLocationOf(pixQrBaseUrl: string, chargeId: string): string {
  return `https://${pixQrBaseUrl.replace(/\/+$/, '')}/qr/v2/cobv/${chargeId}`;
}

/** A stored percentage or amount as `valorPerc` (`\d{1,10}\.\d{2}`): at least two decimals, never rounded. */
function valorPerc(value: string): string {
  const [whole, decimals = ''] = value.split('.');
  return `${whole}.${decimals.padEnd(2, '0')}`;
}

function person(document: string, nome: string): { cpf: string; nome: string } | { cnpj: string; nome: string } {
  return document.length === 11 ? { cpf: document, nome } : { cnpj: document, nome };
}

function devedorOf(c: MerchantCharge): Record<string, string> | null {
  const p = c.expectedPayer;
  if (!p?.document || !p.name) return null;
  const a = c.payerAddress ?? {};
  return {
    ...person(p.document, p.name),
    ...(a.email !== undefined ? { email: a.email } : {}),
    ...(a.street !== undefined ? { logradouro: a.street } : {}),
    ...(a.city !== undefined ? { cidade: a.city } : {}),
    ...(a.state !== undefined ? { uf: a.state } : {}),
    ...(a.postalCode !== undefined ? { cep: a.postalCode } : {}),
  };
}

/**
 * `recebedor`: the account's holder, `PIX_MERCHANT_CITY` as `cidade` (as the payload location), and the
 * address the charge was given; `logradouro`, `uf`, `cep` are required by the schema, so one the charge was
 * not given is an empty string (docs/adr/0232-cobv-over-the-same-charges.md).
 */
function recebedorOf(c: MerchantCharge, city: string): Record<string, string> {
  const r = c.receiver;
  return { ...person(r.document, r.name), logradouro: r.street ?? '', cidade: city, uf: r.state ?? '', cep: r.postalCode ?? '' };
}

function valorOf(c: MerchantCharge): Record<string, unknown> {
  const t = c.terms!;
  return {
    original: c.amount.toFixed2(),
    ...(t.penalty ? { multa: { modalidade: t.penalty.mode, valorPerc: valorPerc(t.penalty.value) } } : {}),
    ...(t.interest ? { juros: { modalidade: t.interest.mode, valorPerc: valorPerc(t.interest.value) } } : {}),
    ...(t.rebate ? { abatimento: { modalidade: t.rebate.mode, valorPerc: valorPerc(t.rebate.value) } } : {}),
    ...(t.discount
      ? {
          desconto: {
            modalidade: t.discount.mode,
            ...(t.discount.fixedDates
              ? { descontoDataFixa: t.discount.fixedDates.map((f) => ({ data: f.date, valorPerc: valorPerc(f.value) })) }
              : { valorPerc: valorPerc(t.discount.value!) }),
          },
        }
      : {}),
  };
}

/**
 * A due-date charge as API Pix's `CobVGerada` (and, with `pix`, `CobVCompleta`): docs/reference/api-pix-2.9.0.yaml.
 * `location` is the charge's own `cobv` payload location, or, with `loc`, the API Pix location it was issued at.
 */
export function presentCobV(c: MerchantCharge, config: { pixQrBaseUrl: string; pixMerchantCity: string }, complete: boolean) {
  const devedor = devedorOf(c);
  const paid = c.status === 'completed' && c.endToEndId && c.paidAmount && c.paidAt;
  return {
    calendario: {
      criacao: c.createdAt.toISOString(),
      dataDeVencimento: c.terms!.dueDate,
      validadeAposVencimento: DAYS_PAYABLE_AFTER_DUE_DATE,
    },
    txid: c.txid,
    revisao: c.revision,
    ...chargeLocationFields(c, config.pixQrBaseUrl, cobvLocationOf(config.pixQrBaseUrl, c.id), true),
    status: cobStatusOf(c.status),
    ...(devedor ? { devedor } : {}),
    recebedor: recebedorOf(c, config.pixMerchantCity),
    valor: valorOf(c),
    chave: c.pixKey,
    ...(c.description !== null ? { solicitacaoPagador: c.description } : {}),
    ...(c.additionalInfo.length > 0 ? { infoAdicionais: c.additionalInfo.map((i) => ({ nome: i.name, valor: i.value })) } : {}),
    pixCopiaECola: c.qrCodeText,
    ...(complete && paid
      ? {
          pix: [
            { endToEndId: c.endToEndId, txid: c.txid, valor: c.paidAmount!.toFixed2(), chave: c.pixKey, horario: c.paidAt!.toISOString() },
          ],
        }
      : {}),
  };
}
