import type { MerchantCharge } from '../../../cash-in/application/merchant-charges.js';
import { cobStatusOf } from '../../domain/cob-status.js';
import { chargeLocationFields } from './loc.presenter.js';

/** The location of a charge as API Pix writes it (`location`: `format: uri`, so with its scheme). */
export function locationOf(pixQrBaseUrl: string, chargeId: string): string {
  return `https://${pixQrBaseUrl.replace(/\/+$/, '')}/qr/v2/${chargeId}`;
}

function devedorOf(c: MerchantCharge): Record<string, string> | null {
  const p = c.expectedPayer;
  // spec, PessoaFisica / PessoaJuridica: a document and a name, both; a charge naming only one shows none.
  if (!p?.document || !p.name) return null;
  return p.document.length === 11 ? { cpf: p.document, nome: p.name } : { cnpj: p.document, nome: p.name };
}

/**
 * A charge as API Pix's `CobGerada` (and, with `pix`, `CobCompleta`): docs/reference/api-pix-2.9.0.yaml.
 * `location` is the charge's own, or, with `loc`, the API Pix location it was issued at (loc.presenter.ts).
 */
export function presentCob(c: MerchantCharge, pixQrBaseUrl: string, complete: boolean): Record<string, unknown> {
  const devedor = devedorOf(c);
  const paid = c.status === 'completed' && c.endToEndId && c.paidAmount && c.paidAt;
  return {
    calendario: {
      criacao: c.createdAt.toISOString(),
      expiracao: Math.round((c.expiresAt.getTime() - c.createdAt.getTime()) / 1000),
    },
    txid: c.txid,
    revisao: c.revision,
    ...chargeLocationFields(c, pixQrBaseUrl, locationOf(pixQrBaseUrl, c.id), false),
    status: cobStatusOf(c.status),
    ...(devedor ? { devedor } : {}),
    valor: { original: c.amount.toFixed2(), modalidadeAlteracao: 0 },
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
