import { loadConfig } from './config/app.config.js';
import { createApp } from './bootstrap.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port, '0.0.0.0');
  const base = `http://localhost:${config.port}`;
  console.log(
    `Instant Payments Service (${config.appRole}, Node ${process.version}) on ${base} — Swagger UI ${base}/docs\n` +
      `Create a client: npm run cli -- client:create --name "Ana Souza" --document 52998224725 --balance 100.00`,
  );
}

main().catch((err) => {
  console.error('failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
