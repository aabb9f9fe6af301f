import type { RefundCode } from '../../../../shared/domain/refund-code.js';
import type { MerchantRefund } from '../../../reversals/application/merchant-refunds.js';
import type { ReceivedPix } from '../../../transactions/application/transactions.service.js';

/** spec, DevolucaoId (and TxId's pattern for `Pix.txid`): letters and digits. */
export const DEVOLUCAO_ID = /^[a-zA-Z0-9]{1,35}$/;
const TXID = /^[a-zA-Z0-9]{1,35}$/;

/** The refund code a reversal went out with, as API Pix's `natureza` names it (spec, DevolucaoNatureza). */
const NATUREZA_OF_CODE: Record<RefundCode, string> = { MD06: 'ORIGINAL', SL02: 'RETIRADA', BE08: 'MED_OPERACIONAL', FR01: 'MED_FRAUDE' };

const STATUS_OF_REVERSAL = { queued: 'EM_PROCESSAMENTO', processing: 'EM_PROCESSAMENTO', completed: 'DEVOLVIDO', failed: 'NAO_REALIZADO' };

/**
 * The name a refund made through API Pix is kept under: the merchant's `{id}` is unique per received Pix (spec,
 * PixDevolucaoInvalida), and a reversal's `external_id` per client, so the payment's end-to-end id prefixes it
 * (docs/adr/0234-api-pix-devolucao-over-the-reversals.md).
 */
export function refundNameOf(endToEndId: string, id: string): string {
  return `${endToEndId}:${id}`;
}

/**
 * A refund's API Pix `id`: the merchant's own for one made through API Pix; for one made through the client API,
 * its `external_id` when the schema takes it, else the reversal's id without its dashes (32 hex digits).
 */
export function devolucaoIdOf(r: MerchantRefund): string {
  const prefix = `${r.originalEndToEndId}:`;
  if (r.externalId.startsWith(prefix)) return r.externalId.slice(prefix.length);
  if (DEVOLUCAO_ID.test(r.externalId)) return r.externalId;
  return r.id.replace(/-/g, '');
}

/** A reversal's id back from the 32 hex digits `devolucaoIdOf` shows, or null. */
export function reversalIdOf(devolucaoId: string): string | null {
  const m = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/.exec(devolucaoId);
  return m ? m.slice(1).join('-') : null;
}

/** A reversal as API Pix's `Devolucao`. */
export function presentDevolucao(r: MerchantRefund): Record<string, unknown> {
  return {
    id: devolucaoIdOf(r),
    rtrId: r.refundEndToEndId,
    valor: r.amount.toFixed2(),
    natureza: NATUREZA_OF_CODE[r.refundCode],
    ...(r.customerMessage !== null ? { descricao: r.customerMessage } : {}),
    horario: {
      solicitacao: r.createdAt.toISOString(),
      ...(r.status === 'completed' && r.completedAt ? { liquidacao: r.completedAt.toISOString() } : {}),
    },
    status: STATUS_OF_REVERSAL[r.status],
    ...(r.status === 'failed' && r.errorMessage ? { motivo: r.errorMessage.slice(0, 140) } : {}),
  };
}

/**
 * A received payment as API Pix's `Pix`, with its refunds (`devolucoes`). `componentesValor` is left out
 * (optional): docs/adr/0233-api-pix-pix-is-a-received-payment.md.
 */
export function presentPix(p: ReceivedPix, refunds: readonly MerchantRefund[]): Record<string, unknown> {
  return {
    endToEndId: p.endToEndId,
    // A static code's "***" says it carried none.
    ...(p.txid !== null && TXID.test(p.txid) ? { txid: p.txid } : {}),
    valor: p.amount.toFixed2(),
    ...(p.pixKey !== null ? { chave: p.pixKey } : {}),
    horario: p.receivedAt.toISOString(),
    ...(p.payerMessage ? { infoPagador: p.payerMessage.slice(0, 140) } : {}),
    devolucoes: refunds.map(presentDevolucao),
  };
}
