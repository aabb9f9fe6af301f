import { isValidCnpj, isValidCpf } from '../../../../shared/domain/tax-id.js';
import type { Participant } from '../../../participants/application/participant-directory.js';
import { HeldKeyEntries } from '../../application/held-key-entries.service.js';
import { FakeAccounts, FakeParticipants, InMemoryPixKeys, TEST_CONFIG } from '../../application/keys.fakes.js';
import { PixKey } from '../../domain/pix-key.aggregate.js';
import { SandboxKeyDirectory } from './sandbox-key-directory.adapter.js';
import { simulatedExternalEntry } from './simulated-external-account.js';

const LIST: Participant[] = [
  { ispb: '00000000', name: 'BCO DO BRASIL S.A.', shortName: 'BCO DO BRASIL S.A.', providesAccounts: true },
  { ispb: '18236120', name: 'NU PAGAMENTOS - IP', shortName: 'NU PAGAMENTOS - IP', providesAccounts: true },
  { ispb: '60701190', name: 'ITAÚ UNIBANCO S.A.', shortName: 'ITAÚ UNIBANCO S.A.', providesAccounts: true },
  { ispb: '12345678', name: 'SÓ INICIADOR', shortName: 'SÓ INICIADOR', providesAccounts: false },
  { ispb: '99999004', name: 'NOT US', shortName: 'NOT US', providesAccounts: true },
];
const ACCOUNT_PROVIDERS = ['00000000', '18236120', '60701190'];

function directory() {
  const keys = new InMemoryPixKeys();
  const accounts = new FakeAccounts();
  const participants = new FakeParticipants(LIST);
  const sandbox = new SandboxKeyDirectory(
    keys,
    accounts.asPort(),
    participants,
    new HeldKeyEntries(participants, TEST_CONFIG),
    TEST_CONFIG,
  );
  return { keys, accounts, sandbox };
}

const manyEmails = Array.from({ length: 60 }, (_, i) => `someone${i}@example.com`);

describe('SandboxKeyDirectory', () => {
  it('resolves a key held here to its account at this service, with the internal ids', async () => {
    const { keys, accounts, sandbox } = directory();
    const owner = accounts.add('c1', 'a1', '52998224725', 'Maria Silva');
    const key = PixKey.register({
      id: 'k1',
      clientId: 'c1',
      accountId: 'a1',
      keyType: 'EMAIL',
      requestedValue: 'maria@example.com',
      holder: owner.holder,
      activeKeysOnAccount: 0,
      newEvp: () => '',
      now: new Date('2025-01-02T03:04:05.000Z'),
    });
    await keys.insert(key);
    expect(await sandbox.resolve('maria@example.com', 'EMAIL')).toEqual({
      keyType: 'EMAIL',
      keyValue: 'maria@example.com',
      ispb: '99999004',
      participantName: 'NOT US',
      branch: '0001',
      accountNumber: owner.account.number,
      accountType: 'TRAN',
      holderName: 'Maria Silva',
      holderDocument: '52998224725',
      personType: 'NATURAL_PERSON',
      createdAt: key.snapshot.createdAt,
      internal: { clientId: 'c1', accountId: 'a1' },
    });
  });

  it('answers the same external account for the same key, every time and from every instance', async () => {
    const first = await directory().sandbox.resolve('joana@example.com');
    const again = await directory().sandbox.resolve('joana@example.com', 'EMAIL');
    expect(again).toEqual(first);
    expect(first).toMatchObject({ keyType: 'EMAIL', accountType: 'CACC' });
    expect(first!.internal).toBeUndefined();
  });

  it('puts external accounts at account providers of the list, with the list’s name, never at this service', async () => {
    const { sandbox } = directory();
    const entries = await Promise.all(manyEmails.map((e) => sandbox.resolve(e)));
    for (const entry of entries) {
      expect(ACCOUNT_PROVIDERS).toContain(entry!.ispb);
      expect(entry!.participantName).toBe(LIST.find((p) => p.ispb === entry!.ispb)!.name);
    }
    expect(new Set(entries.map((e) => e!.ispb)).size).toBe(3);
  });

  it('knows no key containing "notfound", in any case', async () => {
    const { sandbox } = directory();
    expect(await sandbox.resolve('notfound@example.com')).toBeNull();
    expect(await sandbox.resolve('x.NotFound@example.com')).toBeNull();
  });

  it.each([
    ['an upper-case e-mail', 'Joana@example.com', undefined],
    ['a CPF with a bad check digit', '52998224724', undefined],
    ['a phone without +', '5511987654321', undefined],
    ['a value of another type than asked', 'joana@example.com', 'PHONE'],
  ] as const)('knows no key with invalid syntax: %s', async (_, value, type) => {
    expect(await directory().sandbox.resolve(value, type)).toBeNull();
  });
});

describe('simulatedExternalEntry', () => {
  it('makes CPF and CNPJ keys their own holder document', () => {
    expect(simulatedExternalEntry('CPF', '39053344705', LIST)).toMatchObject({
      holderDocument: '39053344705',
      personType: 'NATURAL_PERSON',
    });
    expect(simulatedExternalEntry('CNPJ', '11444777000161', LIST)).toMatchObject({
      holderDocument: '11444777000161',
      personType: 'LEGAL_PERSON',
    });
  });

  it('derives a valid document matching the person type, and plausible bank details', () => {
    const entries = manyEmails.map((e) => simulatedExternalEntry('EMAIL', e, LIST));
    for (const e of entries) {
      expect(e.personType === 'NATURAL_PERSON' ? isValidCpf(e.holderDocument) : isValidCnpj(e.holderDocument)).toBe(true);
      expect(e.branch).toMatch(/^\d{4}$/);
      expect(e.branch).not.toBe('0000');
      expect(e.accountNumber).toMatch(/^\d{8}$/);
      expect(e.holderName.length).toBeGreaterThan(5);
      expect(e.createdAt!.getTime()).toBeGreaterThanOrEqual(Date.UTC(2020, 10, 16));
    }
    expect(new Set(entries.map((e) => e.personType))).toEqual(new Set(['NATURAL_PERSON', 'LEGAL_PERSON']));
    expect(new Set(entries.map((e) => e.holderDocument)).size).toBe(entries.length);
  });

  it('needs participants to place accounts at', () => {
    expect(() => simulatedExternalEntry('EMAIL', 'a@example.com', [])).toThrow(
      new Error('no participant to simulate external accounts at'),
    );
  });
});
