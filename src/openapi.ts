import { writeFileSync } from 'node:fs';
import { loadConfig } from './config/app.config.js';
import { buildOpenApi, createApp } from './bootstrap.js';
import { EVENT_CATALOGUE } from './events.catalogue.js';
import { renderEventsMarkdown } from './shared/domain/events/events-markdown.js';
import { renderErrorsMarkdown } from './shared/errors/errors-markdown.js';

/** Writes openapi.json, docs/errors.md and docs/events.md (all committed; a test fails when one is stale). */
async function main(): Promise<void> {
  const app = await createApp({ ...loadConfig(), appRole: 'api', logLevel: 'silent' });
  await app.init();
  writeFileSync('openapi.json', `${JSON.stringify(buildOpenApi(app), null, 2)}\n`);
  writeFileSync('docs/errors.md', renderErrorsMarkdown());
  writeFileSync('docs/events.md', renderEventsMarkdown(EVENT_CATALOGUE));
  await app.close();
  console.log('wrote openapi.json, docs/errors.md and docs/events.md');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
