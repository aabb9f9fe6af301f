import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { ParticipantsModule } from '../participants/participants.module.js';
import { DeletePixKeyUseCase } from './application/delete-pix-key.use-case.js';
import { HeldKeyEntries } from './application/held-key-entries.service.js';
import { KeyDirectory } from './application/key-directory.js';
import { ListPixKeysUseCase } from './application/list-pix-keys.use-case.js';
import { LookupPixKeyUseCase } from './application/lookup-pix-key.use-case.js';
import { LookupThrottle } from './application/lookup-throttle.service.js';
import { PixKeyRepository } from './application/pix-key.repository.js';
import { ReceivingKeys } from './application/receiving-keys.service.js';
import { RegisterPixKeyUseCase } from './application/register-pix-key.use-case.js';
import { PixKeysController } from './infrastructure/http/pix-keys.controller.js';
import { SqlPixKeyRepository } from './infrastructure/persistence/sql-pix-key.repository.js';
import { SandboxKeyDirectory } from './infrastructure/sandbox/sandbox-key-directory.adapter.js';
import { bindByProvider } from '../../config/pix-provider.js';

/** Pix keys held here, the key directory (DICT port, sandbox adapter) and the anti-scan look-up budget. */
@Module({
  imports: [IdentityModule, ParticipantsModule],
  controllers: [PixKeysController],
  providers: [
    { provide: PixKeyRepository, useClass: SqlPixKeyRepository },
    ...bindByProvider(KeyDirectory, { sandbox: SandboxKeyDirectory }),
    HeldKeyEntries,
    LookupThrottle,
    RegisterPixKeyUseCase,
    ListPixKeysUseCase,
    LookupPixKeyUseCase,
    DeletePixKeyUseCase,
    ReceivingKeys,
  ],
  exports: [KeyDirectory, LookupThrottle, ReceivingKeys],
})
export class KeysModule {}
