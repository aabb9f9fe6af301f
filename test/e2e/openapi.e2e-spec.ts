import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { buildOpenApi } from '../../src/bootstrap.js';
import { http, startApp } from '../support/test-app.js';

describe('OpenAPI document (e2e)', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' });
  });

  afterAll(() => app.close());

  it('is served at /docs-json with both security schemes', async () => {
    const res = await http(app).get('/docs-json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.components.securitySchemes).sort()).toEqual(['apiKeyId', 'apiKeySecret', 'bearer']);
    expect(res.body.paths['/api/v1/pix/balance'].get['x-required-scopes']).toEqual(['pix:balance:read']);
    expect((await http(app).get('/docs')).status).toBe(200);
  });

  it('matches the committed openapi.json (run `npm run openapi` after changing the API)', () => {
    const committed = JSON.parse(readFileSync(resolve(process.cwd(), 'openapi.json'), 'utf8'));
    const current = JSON.parse(JSON.stringify(buildOpenApi(app)));
    expect(current).toEqual(committed);
  });
});
