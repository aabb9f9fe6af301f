import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { listChargesQuery, ListChargesRequest } from './list-charges.request.js';

/** The properties the validation pipe would refuse in `query` (transformed as the pipe transforms it). */
async function refused(query: Record<string, string>): Promise<string[]> {
  const errors = await validate(plainToInstance(ListChargesRequest, query), { whitelist: true, forbidNonWhitelisted: true });
  return errors.map((e) => e.property);
}

describe('listChargesQuery', () => {
  it('maps every filter to its camelCase name, the instants parsed and the due dates kept as days', () => {
    const q = plainToInstance(ListChargesRequest, {
      status: 'pending',
      date_from: '2026-03-10T12:00:00-03:00',
      date_to: '2026-03-11T00:00:00Z',
      txid: 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G',
      reference: 'invoice-1',
      due_date_from: '2026-12-01',
      due_date_to: '2026-12-31',
      limit: '50',
      offset: '100',
    });

    expect(listChargesQuery(q, 'client-1')).toStrictEqual({
      clientId: 'client-1',
      status: 'pending',
      createdFrom: new Date('2026-03-10T15:00:00.000Z'),
      createdTo: new Date('2026-03-11T00:00:00.000Z'),
      txid: 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G',
      reference: 'invoice-1',
      dueDateFrom: '2026-12-01',
      dueDateTo: '2026-12-31',
      limit: 50,
      offset: 100,
    });
  });

  it('defaults to the first page of 20 and no filter', () => {
    // spec, Transactions: limit default 20, offset default 0 (the charge list pages as the transaction list)
    expect(listChargesQuery(plainToInstance(ListChargesRequest, {}), 'client-1')).toStrictEqual({
      clientId: 'client-1',
      status: undefined,
      createdFrom: undefined,
      createdTo: undefined,
      txid: undefined,
      reference: undefined,
      dueDateFrom: undefined,
      dueDateTo: undefined,
      limit: 20,
      offset: 0,
    });
  });
});

describe('ListChargesRequest validation', () => {
  it('accepts every filter in its form', async () => {
    expect(
      await refused({
        status: 'expired',
        date_from: '2026-03-10T00:00:00Z',
        date_to: '2026-03-10T23:59:59.999Z',
        txid: 'A'.repeat(26),
        reference: 'pedido 42',
        due_date_from: '2028-02-29',
        due_date_to: '2028-03-01',
        limit: '100',
        offset: '10000',
      }),
    ).toEqual([]);
  });

  it.each([
    [{ status: 'paid' }, 'status'],
    [{ date_from: '2026-03-10' }, 'date_from'],
    [{ date_to: '2026-03-10T23:59:60Z' }, 'date_to'],
    [{ txid: 'A'.repeat(25) }, 'txid'],
    [{ txid: 'A'.repeat(36) }, 'txid'],
    [{ txid: `${'A'.repeat(25)}-` }, 'txid'],
    [{ reference: 'x'.repeat(141) }, 'reference'],
    [{ reference: 'a\u0000b' }, 'reference'],
    [{ due_date_from: '2026-02-29' }, 'due_date_from'],
    [{ due_date_to: '2026-12-31T00:00:00Z' }, 'due_date_to'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ offset: '10001' }, 'offset'],
    [{ page: '1' }, 'page'],
  ])('refuses %j naming it', async (query, field) => {
    expect(await refused(query)).toEqual([field]);
  });
});
