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

  it('success statuses follow "200 unless stated": only webhook creation and P2P transfers answer 201', () => {
    // Stated in the interface: POST /api/v1/webhooks "status 201"; a P2P transfer "-> 201".
    const stated201 = new Set(['POST /api/v1/webhooks', 'POST /api/v1/pix/p2p/transfers']);
    const found: Record<string, string[]> = {};
    const expected: Record<string, string[]> = {};
    for (const [path, item] of Object.entries(buildOpenApi(app).paths)) {
      for (const [method, op] of Object.entries(item as Record<string, { responses?: Record<string, unknown> }>)) {
        if (!op?.responses) continue;
        const name = `${method.toUpperCase()} ${path}`;
        found[name] = Object.keys(op.responses).filter((status) => status.startsWith('2'));
        expected[name] = [stated201.has(name) ? '201' : '200'];
      }
    }
    expect(Object.keys(found).length).toBeGreaterThan(20);
    expect(found).toEqual(expected);
  });

  it('matches the committed openapi.json (run `npm run openapi` after changing the API)', () => {
    const committed = JSON.parse(readFileSync(resolve(process.cwd(), 'openapi.json'), 'utf8'));
    const current = JSON.parse(JSON.stringify(buildOpenApi(app)));
    expect(current).toEqual(committed);
  });
});
