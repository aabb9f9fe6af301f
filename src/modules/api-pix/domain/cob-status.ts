/**
 * A charge's status as API Pix names it (`CobrancaStatus`; docs/adr/0229-cob-over-the-same-charges.md): pending is
 * ATIVA, paid CONCLUIDA, cancelled by its owner REMOVIDA_PELO_USUARIO_RECEBEDOR, and expired
 * REMOVIDA_PELO_PSP (the institution took it down when its `calendario.expiracao` ran out).
 */
export const COB_STATUS = {
  pending: 'ATIVA',
  completed: 'CONCLUIDA',
  cancelled: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  expired: 'REMOVIDA_PELO_PSP',
} as const;

export type ChargeState = keyof typeof COB_STATUS;
export type CobStatus = (typeof COB_STATUS)[ChargeState];

export function cobStatusOf(state: ChargeState): CobStatus {
  return COB_STATUS[state];
}
