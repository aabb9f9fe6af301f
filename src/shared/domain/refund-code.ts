/**
 * Reason codes of a Pix return (devolução) as the scheme defines them: MD06 requested by the receiver
 * (the default), BE08 the receiver's own error, FR01 fraud, SL02 a Pix Saque/Troco service fee.
 */
export const REFUND_CODES = ['MD06', 'BE08', 'FR01', 'SL02'] as const;
export type RefundCode = (typeof REFUND_CODES)[number];
