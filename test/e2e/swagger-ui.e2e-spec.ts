import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildOpenApi } from '../../src/bootstrap.js';
import { newClient, startApp } from '../support/test-app.js';

/**
 * Swagger UI in a real browser: headless Chromium (Debian's `chromium` package; `.ci/run` installs it
 * when it is missing) opens /docs on a listening app, every tag of the document must render, the bearer
 * scheme is authorized with a token the API issued, and "Try it out" on GET balance answers 200 on
 * screen. The page is kept as a screenshot under test-output/ (not committed).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = resolve(process.cwd(), 'test-output');

describe('Swagger UI at /docs in headless Chromium (e2e)', () => {
  let app: NestExpressApplication;
  let browser: Browser;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH`);
    }
    app = await startApp({ appRole: 'api' });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
    page = await browser.newPage({ viewport: { width: 1280, height: 2000 } });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('renders every tag of the document', async () => {
    const document = buildOpenApi(app);
    const tags = new Set<string>((document.tags ?? []).map((t) => t.name));
    for (const item of Object.values(document.paths)) {
      for (const op of Object.values(item as Record<string, { tags?: string[] }>)) for (const tag of op?.tags ?? []) tags.add(tag);
    }
    expect(tags.size).toBeGreaterThan(5);

    await page.goto(`${base}/docs`);
    await page.locator('.swagger-ui .information-container').waitFor();
    await page.locator('.opblock-tag').first().waitFor();
    const rendered = await page.locator('.opblock-tag').evaluateAll((els) => els.map((el) => el.getAttribute('data-tag')));
    expect(new Set(rendered)).toEqual(tags);
  });

  it('authorizes with a bearer token issued by the API and runs "Try it out" on GET balance: 200 on screen', async () => {
    const client = await newClient(app, { balance: '123.45' });
    // The token comes from the API over HTTP, as a user of the page would get it.
    const issued = await fetch(`${base}/api/v1/auth/bearer-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-key-id': client.keyId, 'x-secret-key': client.secret },
      body: JSON.stringify({ scopes: ['pix:balance:read'] }),
    });
    expect(issued.status).toBe(200);
    const { token } = (await issued.json()) as { token: string };

    await page.goto(`${base}/docs`);
    await page.locator('.swagger-ui .auth-wrapper .authorize').click();
    const modal = page.locator('.dialog-ux .modal-ux');
    await modal.waitFor();
    const bearer = modal.locator('.auth-container').filter({ has: page.locator('h4 code', { hasText: /^bearer$/ }) });
    await bearer.locator('#auth-bearer-value').fill(token);
    await bearer.locator('button.authorize').click();
    // Once authorized, the scheme offers "Logout" in place of "Authorize".
    await bearer.locator('button', { hasText: 'Logout' }).waitFor();
    await modal.locator('.close-modal').click();

    const operation = page.locator('.opblock-get').filter({ has: page.locator('[data-path="/api/v1/pix/balance"]') });
    await operation.locator('.opblock-summary').first().click();
    await operation.locator('.try-out__btn').click();
    await operation.locator('.execute').click();
    const status = operation.locator('.live-responses-table .response .response-col_status');
    await status.waitFor({ timeout: 15_000 });
    expect((await status.innerText()).trim()).toBe('200');
    const body = await operation.locator('.live-responses-table .response .response-col_description').innerText();
    expect(body).toContain(client.accountId);
    expect(body).toContain('123.45');
    // The request the page sent carried the token.
    expect(await operation.locator('.curl-command').innerText()).toContain(`Authorization: Bearer ${token}`);

    mkdirSync(SCREENSHOTS, { recursive: true });
    const file = resolve(SCREENSHOTS, 'swagger-ui-balance.png');
    await operation.scrollIntoViewIfNeeded();
    await page.screenshot({ path: file, fullPage: false });
    expect(existsSync(file)).toBe(true);
    console.log(`Swagger UI screenshot: ${file}`);
  });
});
