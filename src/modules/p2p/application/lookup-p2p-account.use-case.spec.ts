import { loadConfig } from '../../../config/app.config.js';
import { DomainError } from '../../../shared/errors/domain-error.js';
import { InMemoryIdentity } from '../../identity/application/identity.fakes.js';
import { InMemoryKeyDirectory } from '../../keys/application/key-directory.fakes.js';
import { inMemoryLookupThrottle } from '../../keys/application/lookup-throttle.fakes.js';
import { LookupP2pAccountUseCase, type P2pSearchType } from './lookup-p2p-account.use-case.js';

const BRUNO = { client: 'client-bruno', account: 'acc-bruno', document: '39053344705', name: 'Bruno Lima' };

function world() {
  const config = loadConfig({ LOOKUP_RATE_LIMIT_PER_MINUTE: '1000' });
  const identity = new InMemoryIdentity();
  const opened = identity.addAccount(BRUNO.client, BRUNO.account, BRUNO.document, BRUNO.name);
  const keys = new InMemoryKeyDirectory();
  const entry = (keyType: 'EMAIL' | 'EVP', keyValue: string, internal: boolean) => ({
    keyType,
    keyValue,
    ispb: internal ? '99999004' : '00000000',
    participantName: 'x',
    branch: '0001',
    accountNumber: internal ? opened.account.number : '555',
    accountType: 'TRAN',
    holderName: internal ? BRUNO.name : 'Someone Else',
    holderDocument: BRUNO.document,
    personType: 'NATURAL_PERSON' as const,
    ...(internal ? { internal: { clientId: BRUNO.client, accountId: BRUNO.account } } : {}),
  });
  keys.add(entry('EMAIL', 'bruno@example.com', true));
  keys.add(entry('EVP', '0e8f7a6b-5c4d-4e3f-8a2b-1c0d9e8f7a6b', false));
  return { lookup: new LookupP2pAccountUseCase(keys, identity.directory(), inMemoryLookupThrottle(config)), keys, opened };
}

const code = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
  return 'resolved';
};

describe('LookupP2pAccountUseCase', () => {
  it('answers the P2P account record of a key held at this service, the document masked', async () => {
    const w = world();
    expect(await w.lookup.execute('client-ana', 'email', 'bruno@example.com')).toEqual([
      {
        accountId: BRUNO.account,
        clientId: BRUNO.client,
        name: BRUNO.name,
        maskedDocument: '***.533.447-**',
        personType: 'individual',
        branchNumber: '0001',
        accountNumber: w.opened.account.number,
        accountType: 'payment',
        pixKeyType: 'EMAIL',
        pixKeyValue: 'bruno@example.com',
      },
    ]);
  });

  it('finds by account number, without a key', async () => {
    const w = world();
    const [found] = await w.lookup.execute('client-ana', 'account_number', w.opened.account.number);
    expect(found).toMatchObject({ accountId: BRUNO.account, pixKeyType: null, pixKeyValue: null });
  });

  it('knows only clients of this service: a key the directory places elsewhere is no match', async () => {
    const w = world();
    expect(await w.lookup.execute('client-ana', 'evp', '0e8f7a6b-5c4d-4e3f-8a2b-1c0d9e8f7a6b')).toEqual([]);
    expect(await w.lookup.execute('client-ana', 'email', 'nobody@example.com')).toEqual([]);
  });

  it.each<[P2pSearchType, string]>([
    ['email', 'Upper@Example.com'],
    ['phone', '11999990000'],
    ['cpf', '39053344700'],
    ['cnpj', '11222333000180'],
    ['evp', '0E8F7A6B-5C4D-4E3F-8A2B-1C0D9E8F7A6B'],
    ['account_number', '12-3'],
  ])('refuses a %s search for %j before asking the directory (VALIDATION_ERROR)', async (type, value) => {
    const w = world();
    expect(await code(w.lookup.execute('client-ana', type, value))).toBe('VALIDATION_ERROR');
    expect(w.keys.asked).toEqual([]);
  });
});
