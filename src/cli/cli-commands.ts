import type { INestApplicationContext } from '@nestjs/common';
import { CreateAdminUseCase } from '../modules/identity/application/create-admin.use-case.js';
import { CreateApiKeyUseCase } from '../modules/identity/application/create-api-key.use-case.js';
import { RevokeApiKeyUseCase } from '../modules/identity/application/revoke-api-key.use-case.js';
import { OnboardClientUseCase } from '../modules/onboarding/application/onboard-client.use-case.js';
import { ReencryptWebhookSecretsUseCase } from '../modules/webhooks/application/reencrypt-webhook-secrets.use-case.js';
import { parseScopes, parseSwitch } from './cli-args.js';

const USAGE = `usage:
  client:create --name N --document D [--scopes a,b|all] [--balance 100.00] [--mei (a CNPJ only)]
  admin:create --name N
  key:create --client ID [--scopes a,b|all]
  key:revoke --key-id ID
  webhooks:reencrypt`;

function required(flags: Record<string, string>, name: string): string {
  const v = flags[name];
  if (!v) throw new Error(`--${name} is required\n${USAGE}`);
  return v;
}

/** Runs one CLI command against the app's use cases and returns the JSON object to print. */
export async function runCommand(
  app: INestApplicationContext,
  command: string | undefined,
  flags: Record<string, string>,
): Promise<object> {
  switch (command) {
    case 'client:create':
      return app
        .get(OnboardClientUseCase)
        .execute(
          required(flags, 'name'),
          required(flags, 'document'),
          parseScopes(flags.scopes),
          flags.balance,
          parseSwitch('mei', flags.mei),
        );
    case 'admin:create':
      return app.get(CreateAdminUseCase).execute(required(flags, 'name'));
    case 'key:create':
      return app.get(CreateApiKeyUseCase).execute('client', required(flags, 'client'), parseScopes(flags.scopes));
    case 'key:revoke':
      return app.get(RevokeApiKeyUseCase).execute(required(flags, 'key-id'));
    case 'webhooks:reencrypt':
      return app.get(ReencryptWebhookSecretsUseCase).execute();
    default:
      throw new Error(USAGE);
  }
}
