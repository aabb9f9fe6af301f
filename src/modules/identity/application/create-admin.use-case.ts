import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ADMIN_SCOPES } from '../../../shared/auth/principal.js';
import { UnitOfWork } from '../../../shared/persistence/unit-of-work.js';
import { CreateApiKeyUseCase, type IssuedKey } from './create-api-key.use-case.js';
import { IdentityRepository } from './identity.repository.js';

/** Registers an admin principal with a key holding every admin scope. */
@Injectable()
export class CreateAdminUseCase {
  constructor(
    private readonly repo: IdentityRepository,
    private readonly createKey: CreateApiKeyUseCase,
    private readonly uow: UnitOfWork,
  ) {}

  execute(name: string): Promise<IssuedKey & { admin_id: string }> {
    return this.uow.run(async () => {
      const id = randomUUID();
      if (!name.trim()) throw new Error('name is required');
      await this.repo.saveAdmin(id, name.trim());
      const key = await this.createKey.execute('admin', id, [...ADMIN_SCOPES]);
      return { admin_id: id, ...key };
    });
  }
}
