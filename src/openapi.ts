import { writeFileSync } from 'node:fs';
import { loadConfig } from './config/app.config.js';
import { buildOpenApi, createApp } from './bootstrap.js';

/** Writes openapi.json (committed; a test fails when it is stale). */
async function main(): Promise<void> {
  const app = await createApp({ ...loadConfig(), appRole: 'api', logLevel: 'silent' });
  await app.init();
  writeFileSync('openapi.json', `${JSON.stringify(buildOpenApi(app), null, 2)}\n`);
  await app.close();
  console.log('wrote openapi.json');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
