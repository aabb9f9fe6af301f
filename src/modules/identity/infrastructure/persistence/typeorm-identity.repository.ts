import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TypeOrmUnitOfWork } from '../../../../shared/persistence/typeorm-unit-of-work.js';
import { IdentityRepository } from '../../application/identity.repository.js';
import { newAccountNumber } from '../../domain/account-number.js';
import { ApiKey } from '../../domain/api-key.aggregate.js';
import { Client, type Account } from '../../domain/client.aggregate.js';
import { AccountOrmEntity, AdminOrmEntity, ApiKeyOrmEntity, ClientOrmEntity } from './identity.orm-entities.js';

const toClient = (r: ClientOrmEntity) => Client.restore(r.id, r.name, r.document, r.personType, r.createdAt);
const toAccount = (r: AccountOrmEntity): Account => ({ ...r });

@Injectable()
export class TypeormIdentityRepository extends IdentityRepository {
  constructor(private readonly uow: TypeOrmUnitOfWork) {
    super();
  }

  private get m() {
    return this.uow.manager();
  }

  async saveClient(c: Client): Promise<void> {
    await this.m.insert(ClientOrmEntity, {
      id: c.id,
      name: c.name,
      document: c.document,
      personType: c.personType,
      createdAt: c.createdAt,
    });
  }

  async findClient(id: string): Promise<Client | null> {
    const row = await this.m.findOne(ClientOrmEntity, { where: { id } });
    return row ? toClient(row) : null;
  }

  async findClientByDocument(document: string): Promise<Client | null> {
    const row = await this.m.findOne(ClientOrmEntity, { where: { document } });
    return row ? toClient(row) : null;
  }

  async openAccount(clientId: string, isDefault: boolean): Promise<Account> {
    // A random number may collide with an existing one: ON CONFLICT DO NOTHING keeps the transaction usable.
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = { id: randomUUID(), clientId, branch: '0001', number: newAccountNumber(), type: 'payment' as const, isDefault };
      const inserted = await this.m.createQueryBuilder().insert().into(AccountOrmEntity).values(row).orIgnore().returning('id').execute();
      if (inserted.raw.length === 1) return toAccount(await this.m.findOneOrFail(AccountOrmEntity, { where: { id: row.id } }));
    }
    throw new Error('could not draw a free account number');
  }

  async findAccount(id: string): Promise<Account | null> {
    const row = await this.m.findOne(AccountOrmEntity, { where: { id } });
    return row ? toAccount(row) : null;
  }

  async findDefaultAccount(clientId: string): Promise<Account | null> {
    const row = await this.m.findOne(AccountOrmEntity, { where: { clientId, isDefault: true } });
    return row ? toAccount(row) : null;
  }

  async findAccountByNumber(number: string): Promise<Account | null> {
    const row = await this.m.findOne(AccountOrmEntity, { where: { number } });
    return row ? toAccount(row) : null;
  }

  async saveAdmin(id: string, name: string): Promise<void> {
    await this.m.insert(AdminOrmEntity, { id, name });
  }

  async findAdmin(id: string): Promise<{ id: string; name: string } | null> {
    return this.m.findOne(AdminOrmEntity, { where: { id } });
  }

  async saveApiKey(k: ApiKey): Promise<void> {
    await this.m.upsert(
      ApiKeyOrmEntity,
      {
        keyId: k.keyId,
        ownerKind: k.ownerKind,
        ownerId: k.ownerId,
        secretHash: k.secretHash,
        scopes: k.scopes,
        revokedAt: k.revokedAt,
      },
      ['keyId'],
    );
  }

  async findApiKey(keyId: string): Promise<ApiKey | null> {
    const row = await this.m.findOne(ApiKeyOrmEntity, { where: { keyId } });
    return row ? ApiKey.restore(row) : null;
  }
}
