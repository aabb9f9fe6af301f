import { createCashOutCommand, type CreateCashOutRequest } from './create-cash-out.request.js';

describe('createCashOutCommand', () => {
  it('maps every field of the request to its camelCase name, with the caller and the X-Pix-Lookup-E2E header', () => {
    const body: CreateCashOutRequest = {
      amount: '150.00',
      pix_key: 'maria@example.com',
      pix_key_type: 'EMAIL',
      receiver_name: 'Maria Silva',
      receiver_document: '12345678909',
      receiver_ispb: '00000000',
      receiver_branch: '0001',
      receiver_account: '123456789',
      receiver_account_type: 'checking',
      external_id: 'order 2026/0042',
      description: 'Order 42',
      reference: 'ref-42',
      metadata: { order: 42 },
    };

    expect(createCashOutCommand(body, 'client-1', 'E123')).toStrictEqual({
      clientId: 'client-1',
      amount: '150.00',
      lookupEndToEndId: 'E123',
      pixKey: 'maria@example.com',
      pixKeyType: 'EMAIL',
      receiverName: 'Maria Silva',
      receiverDocument: '12345678909',
      receiverIspb: '00000000',
      receiverBranch: '0001',
      receiverAccount: '123456789',
      receiverAccountType: 'checking',
      externalId: 'order 2026/0042',
      description: 'Order 42',
      reference: 'ref-42',
      metadata: { order: 42 },
    });
  });

  it('leaves undefined what the request left out, so the flow is chosen by what was sent', () => {
    const cmd = createCashOutCommand({ amount: '1.00' }, 'client-1', undefined);

    expect(Object.entries(cmd).filter(([, v]) => v !== undefined)).toEqual([
      ['clientId', 'client-1'],
      ['amount', '1.00'],
    ]);
  });
});
