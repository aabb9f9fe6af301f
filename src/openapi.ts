import { writeFileSync } from 'node:fs';
import { loadConfig } from './config/app.config.js';
import { buildOpenApi, createApp } from './bootstrap.js';
import { renderErrorsMarkdown } from './shared/errors/errors-markdown.js';

/** Writes openapi.json and docs/errors.md (both committed; a test fails when either is stale). */
async function main(): Promise<void> {
  const app = await createApp({ ...loadConfig(), appRole: 'api', logLevel: 'silent' });
  await app.init();
  writeFileSync('openapi.json', `${JSON.stringify(buildOpenApi(app), null, 2)}\n`);
  writeFileSync('docs/errors.md', renderErrorsMarkdown());
  await app.close();
  console.log('wrote openapi.json and docs/errors.md');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
