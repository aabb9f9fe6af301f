import { createChargeCommand, type CreateChargeRequest } from './create-charge.request.js';

describe('createChargeCommand', () => {
  it('maps every field of the request to its camelCase name, the terms and details grouped', () => {
    const body: CreateChargeRequest = {
      amount: '150.00',
      reference: 'invoice-42',
      description: 'Invoice 42',
      payer_name: 'Maria Souza',
      payer_document: '12345678909',
      metadata: { order: 42 },
      due_date: '2026-12-10',
      receiver_address: 'Rua A, 1',
      receiver_state: 'SP',
      receiver_postal_code: '01000000',
      penalty: { mode: 2, value: '2.00' },
      interest: { mode: 3, value: '1.00' },
      discount: { mode: 1, fixed_dates: [{ date: '2026-12-05', value: '5.00' }] },
      rebate: { mode: 1, value: '1.00' },
    };

    expect(createChargeCommand(body, 'client-1')).toStrictEqual({
      clientId: 'client-1',
      amount: '150.00',
      reference: 'invoice-42',
      description: 'Invoice 42',
      payerName: 'Maria Souza',
      payerDocument: '12345678909',
      expirationTime: undefined,
      metadata: { order: 42 },
      terms: {
        dueDate: '2026-12-10',
        penalty: { mode: 2, value: '2.00' },
        interest: { mode: 3, value: '1.00' },
        discount: { mode: 1, value: undefined, fixedDates: [{ date: '2026-12-05', value: '5.00' }] },
        rebate: { mode: 1, value: '1.00' },
      },
      details: { receiverAddress: 'Rua A, 1', receiverState: 'SP', receiverPostalCode: '01000000' },
    });
  });

  it('leaves out of the terms and details what the request left out', () => {
    const body: CreateChargeRequest = {
      amount: '25.50',
      reference: 'r',
      expiration_time: 90,
      withdraw_amount: '25.50',
      withdraw_agent_mode: 1,
    };

    const cmd = createChargeCommand(body, 'client-1');
    expect(cmd.expirationTime).toBe(90);
    expect(cmd.terms).toStrictEqual({});
    expect(cmd.details).toStrictEqual({ withdrawAmount: '25.50', withdrawAgentMode: 1 });
  });

  it('keeps a term sent without a due date, for the use case to refuse naming it', () => {
    const body: CreateChargeRequest = { amount: '1.00', reference: 'r', penalty: { mode: 2, value: '2.00' } };

    expect(createChargeCommand(body, 'client-1').terms).toStrictEqual({ penalty: { mode: 2, value: '2.00' } });
  });
});
