import { cobStatusOf } from './cob-status.js';

describe('charge statuses as API Pix names them', () => {
  it('maps each state of a charge onto one CobrancaStatus, none twice', () => {
    const states = ['pending', 'completed', 'cancelled', 'expired'] as const;
    const named = states.map(cobStatusOf);
    // spec, CobrancaStatus: ATIVA, CONCLUIDA, REMOVIDA_PELO_USUARIO_RECEBEDOR, REMOVIDA_PELO_PSP
    expect(named).toEqual(['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP']);
    expect(new Set(named).size).toBe(states.length);
  });
});
