import type { RateLimiterFactory } from '../../../shared/rate-limit/rate-limiter.js';
import { SettableClock } from '../../../shared/time/settable-clock.js';
import { DeletePixKeyUseCase } from './delete-pix-key.use-case.js';
import { HeldKeyEntries } from './held-key-entries.service.js';
import type { KeyDirectory, DirectoryEntry } from './key-directory.js';
import { FakeAccounts, FakeOutbox, FakeParticipants, FakeUnitOfWork, InMemoryPixKeys, TEST_CONFIG } from './keys.fakes.js';
import { ListPixKeysUseCase } from './list-pix-keys.use-case.js';
import { LookupPixKeyUseCase } from './lookup-pix-key.use-case.js';
import { LookupThrottle } from './lookup-throttle.service.js';
import { ReceivingKeys } from './receiving-keys.service.js';
import { RegisterPixKeyUseCase } from './register-pix-key.use-case.js';

const MARIA = { client: 'c-maria', account: 'a-maria', cpf: '52998224725' };
const JOAO = { client: 'c-joao', account: 'a-joao', cpf: '11144477735' };

function setup() {
  const keys = new InMemoryPixKeys();
  const outbox = new FakeOutbox();
  const uow = new FakeUnitOfWork();
  const accounts = new FakeAccounts();
  accounts.add(MARIA.client, MARIA.account, MARIA.cpf);
  accounts.add(JOAO.client, JOAO.account, JOAO.cpf, 'João Souza');
  const clock = new SettableClock(new Date('2026-03-10T15:00:00.000Z'));
  const entries = new HeldKeyEntries(new FakeParticipants([]), TEST_CONFIG);
  const register = new RegisterPixKeyUseCase(accounts.asPort(), keys, entries, outbox, uow, clock);
  const list = new ListPixKeysUseCase(accounts.asPort(), keys, entries);
  const remove = new DeletePixKeyUseCase(keys, outbox, uow, clock);
  return { keys, outbox, register, list, remove };
}

describe('RegisterPixKeyUseCase', () => {
  it('registers a key on the default account, writing key.registered', async () => {
    const { register, outbox } = setup();
    const view = await register.execute({ clientId: MARIA.client, keyType: 'CPF', keyValue: MARIA.cpf });
    expect(view.entry).toMatchObject({
      ispb: '99999004',
      accountType: 'TRAN',
      branch: '0001',
      holderDocument: MARIA.cpf,
      personType: 'NATURAL_PERSON',
    });
    expect(view.entry.internal).toEqual({ clientId: MARIA.client, accountId: MARIA.account });
    expect(outbox.events.map((e) => [e.type, e.clientId, e.webhook])).toEqual([['key.registered', MARIA.client, true]]);
  });

  it('generates a lower-case UUID v4 for an EVP key', async () => {
    const { register } = setup();
    const view = await register.execute({ clientId: MARIA.client, keyType: 'EVP' });
    expect(view.entry.keyValue).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('refuses the sixth key of a natural person, writing nothing', async () => {
    const { register, outbox, keys } = setup();
    for (let i = 0; i < 5; i++) await register.execute({ clientId: MARIA.client, keyType: 'EVP' });
    await expect(register.execute({ clientId: MARIA.client, keyType: 'EVP' })).rejects.toMatchObject({ code: 'KEY_LIMIT_REACHED' });
    expect(outbox.events).toHaveLength(5);
    expect(keys.rows.size).toBe(5);
  });

  it('refuses a key another client holds with KEY_ALREADY_EXISTS', async () => {
    const { register } = setup();
    await register.execute({ clientId: MARIA.client, keyType: 'EMAIL', keyValue: 'shared@example.com' });
    await expect(register.execute({ clientId: JOAO.client, keyType: 'EMAIL', keyValue: 'shared@example.com' })).rejects.toMatchObject({
      code: 'KEY_ALREADY_EXISTS',
    });
  });

  it("answers another client's account as not found", async () => {
    const { register } = setup();
    await expect(register.execute({ clientId: MARIA.client, keyType: 'EVP', accountId: JOAO.account })).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
    });
  });
});

describe('DeletePixKeyUseCase and ListPixKeysUseCase', () => {
  it('deletes only own keys, and a deleted value is free for another client', async () => {
    const { register, remove, list, outbox } = setup();
    await register.execute({ clientId: MARIA.client, keyType: 'PHONE', keyValue: '+5511987654321' });
    await expect(remove.execute(JOAO.client, '+5511987654321')).rejects.toMatchObject({ code: 'PIX_KEY_NOT_REGISTERED' });
    const deleted = await remove.execute(MARIA.client, '+5511987654321', 'ACCOUNT_CLOSURE');
    expect(deleted.snapshot).toMatchObject({ status: 'deleted', deletionReason: 'ACCOUNT_CLOSURE' });
    expect(outbox.events.map((e) => e.type)).toEqual(['key.registered', 'key.deleted']);
    expect(await list.execute(MARIA.client)).toEqual([]);
    await register.execute({ clientId: JOAO.client, keyType: 'PHONE', keyValue: '+5511987654321' });
    expect((await list.execute(JOAO.client)).map((v) => v.entry.keyValue)).toEqual(['+5511987654321']);
  });
});

describe('LookupPixKeyUseCase', () => {
  function lookupWith(entry: DirectoryEntry | null) {
    const calls: string[] = [];
    const budget = {
      consume: async (key: string, cost: number) => void calls.push(`consume ${key} ${cost}`),
      penalize: async (key: string, cost: number) => void calls.push(`penalize ${key} ${cost}`),
    };
    const throttle = new LookupThrottle({ perMinute: () => budget } as unknown as RateLimiterFactory, TEST_CONFIG);
    const directory = { resolve: async () => entry } as KeyDirectory;
    return { calls, lookup: new LookupPixKeyUseCase(directory, new InMemoryPixKeys(), throttle) };
  }

  const external: DirectoryEntry = {
    keyType: 'EMAIL',
    keyValue: 'ext@example.com',
    ispb: '00000000',
    participantName: 'BCO DO BRASIL S.A.',
    branch: '1234',
    accountNumber: '12345678',
    accountType: 'CACC',
    holderName: 'Ana Lima',
    holderDocument: '39053344705',
    personType: 'NATURAL_PERSON',
  };

  it('charges 1 point for a hit and returns the entry without a held key', async () => {
    const { calls, lookup } = lookupWith(external);
    expect(await lookup.execute('c1', 'ext@example.com')).toEqual({ entry: external, held: null });
    expect(calls).toEqual(['consume c1 1']);
  });

  it('charges 5 points in all for a miss, then answers PIX_KEY_NOT_REGISTERED', async () => {
    const { calls, lookup } = lookupWith(null);
    await expect(lookup.execute('c1', 'notfound@example.com')).rejects.toMatchObject({ code: 'PIX_KEY_NOT_REGISTERED' });
    expect(calls).toEqual(['consume c1 1', 'penalize c1 4']);
  });
});

describe('ReceivingKeys.forCharge', () => {
  it("names the account's oldest key when it has one, registering nothing", async () => {
    const { keys, outbox, register } = setup();
    await register.execute({ clientId: MARIA.client, keyType: 'CPF', keyValue: MARIA.cpf });
    await register.execute({ clientId: MARIA.client, keyType: 'EVP' });
    const receiving = new ReceivingKeys(keys, register, new FakeUnitOfWork());
    expect(await receiving.forCharge(MARIA.client, MARIA.account)).toEqual({ keyType: 'CPF', keyValue: MARIA.cpf });
    expect(outbox.events).toHaveLength(2);
  });

  it('registers an EVP key for a keyless account, announced with key.registered, and names it from then on', async () => {
    const { keys, outbox, register } = setup();
    const receiving = new ReceivingKeys(keys, register, new FakeUnitOfWork());
    const first = await receiving.forCharge(JOAO.client, JOAO.account);
    expect(first.keyType).toBe('EVP');
    expect(first.keyValue).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(outbox.events.map((e) => [e.type, e.clientId])).toEqual([['key.registered', JOAO.client]]);
    expect(await receiving.forCharge(JOAO.client, JOAO.account)).toEqual(first);
    expect(keys.rows.size).toBe(1);
  });
});
