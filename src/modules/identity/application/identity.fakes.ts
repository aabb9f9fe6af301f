import type { ApiKey } from '../domain/api-key.aggregate.js';
import { Client, type Account } from '../domain/client.aggregate.js';
import { AccountDirectory, type AccountWithHolder } from './account-directory.js';
import { IdentityRepository } from './identity.repository.js';

const OPENED = new Date('2026-01-01T12:00:00Z');

/**
 * In-memory clients and accounts for other modules' unit tests: `addAccount` opens a holder's account
 * (branch 0001), and `directory()` is the real AccountDirectory over it, so a test uses identity's
 * public API exactly as production does.
 */
export class InMemoryIdentity extends IdentityRepository {
  private readonly clients = new Map<string, Client>();
  private readonly accounts = new Map<string, Account>();
  private readonly admins = new Map<string, { id: string; name: string }>();
  private readonly keys = new Map<string, ApiKey>();

  addAccount(clientId: string, accountId: string, document: string, name = 'Maria Silva'): AccountWithHolder {
    const holder = this.clients.get(clientId) ?? Client.register(clientId, name, document, OPENED);
    this.clients.set(clientId, holder);
    const number = String(100001 + this.accounts.size);
    const isDefault = ![...this.accounts.values()].some((a) => a.clientId === clientId);
    const account: Account = { id: accountId, clientId, branch: '0001', number, type: 'payment', isDefault, createdAt: OPENED };
    this.accounts.set(accountId, account);
    return { account, holder };
  }

  directory(): AccountDirectory {
    return new AccountDirectory(this);
  }

  async saveClient(client: Client): Promise<void> {
    this.clients.set(client.id, client);
  }

  async findClient(id: string): Promise<Client | null> {
    return this.clients.get(id) ?? null;
  }

  async findClientByDocument(document: string): Promise<Client | null> {
    return [...this.clients.values()].find((c) => c.document === document) ?? null;
  }

  async openAccount(clientId: string, isDefault: boolean): Promise<Account> {
    const id = `account-${this.accounts.size + 1}`;
    const account: Account = {
      id,
      clientId,
      branch: '0001',
      number: String(100001 + this.accounts.size),
      type: 'payment',
      isDefault,
      createdAt: OPENED,
    };
    this.accounts.set(id, account);
    return account;
  }

  async findAccount(id: string): Promise<Account | null> {
    return this.accounts.get(id) ?? null;
  }

  async findDefaultAccount(clientId: string): Promise<Account | null> {
    return [...this.accounts.values()].find((a) => a.clientId === clientId && a.isDefault) ?? null;
  }

  async findAccountByNumber(number: string): Promise<Account | null> {
    return [...this.accounts.values()].find((a) => a.number === number) ?? null;
  }

  async saveAdmin(id: string, name: string): Promise<void> {
    this.admins.set(id, { id, name });
  }

  async findAdmin(id: string): Promise<{ id: string; name: string } | null> {
    return this.admins.get(id) ?? null;
  }

  async saveApiKey(key: ApiKey): Promise<void> {
    this.keys.set(key.keyId, key);
  }

  async findApiKey(keyId: string): Promise<ApiKey | null> {
    return this.keys.get(keyId) ?? null;
  }
}
