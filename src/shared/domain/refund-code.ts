/**
 * Reason codes of a Pix return (devolução) as the scheme defines them: MD06 requested by the receiver
 * (the default), SL02 the withdrawal or change part of a Pix Saque/Troco charge, BE08 the receiving
 * institution's own error, FR01 fraud. A client's reversal may carry only MD06 or SL02; BE08 and FR01 are
 * the institution's own codes for special returns (MED), never accepted from clients (docs/conventions.md
 * §10, docs/adr/0218-refund-codes-clients-may-send.md).
 */
export const REFUND_CODES = ['MD06', 'BE08', 'FR01', 'SL02'] as const;
export type RefundCode = (typeof REFUND_CODES)[number];

/** The codes a client's reversal may carry (docs/conventions.md §10). */
export const CLIENT_REFUND_CODES = ['MD06', 'SL02'] as const satisfies readonly RefundCode[];
export type ClientRefundCode = (typeof CLIENT_REFUND_CODES)[number];

/** The institution's own codes for special returns (MED): FR01 fraud, BE08 the institution's own error. */
export const INSTITUTION_REFUND_CODES = ['FR01', 'BE08'] as const satisfies readonly RefundCode[];
export type InstitutionRefundCode = (typeof INSTITUTION_REFUND_CODES)[number];
