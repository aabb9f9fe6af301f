import type { ApiKey } from '../domain/api-key.aggregate.js';
import type { Account, Client } from '../domain/client.aggregate.js';

/** Port to stored clients, their accounts, admins and API keys. */
export abstract class IdentityRepository {
  abstract saveClient(client: Client): Promise<void>;
  abstract findClient(id: string): Promise<Client | null>;
  abstract findClientByDocument(document: string): Promise<Client | null>;
  /** Opens an account with the next account number. */
  abstract openAccount(clientId: string, isDefault: boolean): Promise<Account>;
  abstract findAccount(id: string): Promise<Account | null>;
  abstract findDefaultAccount(clientId: string): Promise<Account | null>;
  abstract findAccountByNumber(number: string): Promise<Account | null>;
  abstract saveAdmin(id: string, name: string): Promise<void>;
  abstract findAdmin(id: string): Promise<{ id: string; name: string } | null>;
  abstract saveApiKey(key: ApiKey): Promise<void>;
  abstract findApiKey(keyId: string): Promise<ApiKey | null>;
}
