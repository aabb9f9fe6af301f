import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PersonType } from '../../../../shared/domain/tax-id.js';
import { SqlSession } from '../../../../shared/persistence/sql-session.js';
import { IdentityRepository } from '../../application/identity.repository.js';
import { newAccountNumber } from '../../domain/account-number.js';
import { ApiKey, type OwnerKind } from '../../domain/api-key.aggregate.js';
import { Client, type Account } from '../../domain/client.aggregate.js';

interface ClientRow {
  id: string;
  name: string;
  document: string;
  person_type: PersonType;
  created_at: Date;
  mei: boolean;
}

interface AccountRow {
  id: string;
  client_id: string;
  branch: string;
  number: string;
  type: 'payment';
  is_default: boolean;
  created_at: Date;
}

interface ApiKeyRow {
  key_id: string;
  owner_kind: OwnerKind;
  owner_id: string;
  secret_hash: string;
  scopes: string[];
  revoked_at: Date | null;
}

const toClient = (r: ClientRow) => Client.restore(r.id, r.name, r.document, r.person_type, r.created_at, r.mei);
const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  clientId: r.client_id,
  branch: r.branch,
  number: r.number,
  type: r.type,
  isDefault: r.is_default,
  createdAt: r.created_at,
});

@Injectable()
export class SqlIdentityRepository extends IdentityRepository {
  constructor(private readonly sql: SqlSession) {
    super();
  }

  async saveClient(c: Client): Promise<void> {
    await this.sql.write(`INSERT INTO clients (id, name, document, person_type, created_at, mei) VALUES ($1, $2, $3, $4, $5, $6)`, [
      c.id,
      c.name,
      c.document,
      c.personType,
      c.createdAt,
      c.mei,
    ]);
  }

  async findClient(id: string): Promise<Client | null> {
    const [row] = await this.sql.read<ClientRow>(
      `SELECT id, name, document, person_type, created_at, mei FROM clients WHERE id = $1 LIMIT 1`,
      [id],
    );
    return row ? toClient(row) : null;
  }

  async findClientByDocument(document: string): Promise<Client | null> {
    const [row] = await this.sql.read<ClientRow>(
      `SELECT id, name, document, person_type, created_at, mei FROM clients WHERE document = $1 LIMIT 1`,
      [document],
    );
    return row ? toClient(row) : null;
  }

  async openAccount(clientId: string, isDefault: boolean): Promise<Account> {
    // A random number may collide with an existing one: ON CONFLICT DO NOTHING keeps the transaction usable.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await this.sql.read<AccountRow>(
        `INSERT INTO accounts (id, client_id, branch, number, type, is_default) VALUES ($1, $2, '0001', $3, 'payment', $4)
         ON CONFLICT DO NOTHING
         RETURNING id, client_id, branch, number, type, is_default, created_at`,
        [randomUUID(), clientId, newAccountNumber(), isDefault],
      );
      if (row) return toAccount(row);
    }
    throw new Error('could not draw a free account number');
  }

  async findAccount(id: string): Promise<Account | null> {
    const [row] = await this.sql.read<AccountRow>(
      `SELECT id, client_id, branch, number, type, is_default, created_at FROM accounts WHERE id = $1 LIMIT 1`,
      [id],
    );
    return row ? toAccount(row) : null;
  }

  async findDefaultAccount(clientId: string): Promise<Account | null> {
    const [row] = await this.sql.read<AccountRow>(
      `SELECT id, client_id, branch, number, type, is_default, created_at FROM accounts WHERE client_id = $1 AND is_default = true LIMIT 1`,
      [clientId],
    );
    return row ? toAccount(row) : null;
  }

  async findAccountByNumber(number: string): Promise<Account | null> {
    const [row] = await this.sql.read<AccountRow>(
      `SELECT id, client_id, branch, number, type, is_default, created_at FROM accounts WHERE number = $1 LIMIT 1`,
      [number],
    );
    return row ? toAccount(row) : null;
  }

  async saveAdmin(id: string, name: string): Promise<void> {
    await this.sql.write(`INSERT INTO admins (id, name) VALUES ($1, $2)`, [id, name]);
  }

  async findAdmin(id: string): Promise<{ id: string; name: string } | null> {
    const [row] = await this.sql.read<{ id: string; name: string }>(`SELECT id, name FROM admins WHERE id = $1 LIMIT 1`, [id]);
    return row ?? null;
  }

  async saveApiKey(k: ApiKey): Promise<void> {
    await this.sql.write(
      `INSERT INTO api_keys (key_id, owner_kind, owner_id, secret_hash, scopes, revoked_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (key_id) DO UPDATE SET owner_kind = EXCLUDED.owner_kind, owner_id = EXCLUDED.owner_id,
         secret_hash = EXCLUDED.secret_hash, scopes = EXCLUDED.scopes, revoked_at = EXCLUDED.revoked_at`,
      [k.keyId, k.ownerKind, k.ownerId, k.secretHash, k.scopes, k.revokedAt],
    );
  }

  async findApiKey(keyId: string): Promise<ApiKey | null> {
    const [row] = await this.sql.read<ApiKeyRow>(
      `SELECT key_id, owner_kind, owner_id, secret_hash, scopes, revoked_at FROM api_keys WHERE key_id = $1 LIMIT 1`,
      [keyId],
    );
    return row
      ? ApiKey.restore({
          keyId: row.key_id,
          ownerKind: row.owner_kind,
          ownerId: row.owner_id,
          secretHash: row.secret_hash,
          scopes: row.scopes,
          revokedAt: row.revoked_at,
        })
      : null;
  }
}
