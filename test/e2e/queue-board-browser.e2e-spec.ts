import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { getQueueToken } from '@nestjs/bull';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Job, Queue } from 'bull';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { loadConfig } from '../../src/config/app.config.js';
import { QUEUE_WEBHOOKS } from '../../src/shared/queue/queue.names.js';
import { eventually, newAdminWithKey, startApp } from '../support/test-app.js';

/**
 * The queue board in a real browser: headless Chromium (Debian's `chromium`, as for the Swagger UI test)
 * opens /admin/queues on a listening app, is sent to the sign-in form, signs in with an admin key pair,
 * sees the board draw its queues from its API on the session cookie alone (which page scripts cannot
 * read), retries a failed job with the board's own buttons, and signs out from the board's menu. The
 * pages' CSP must hold: any violation the browser reports fails the test. The form and the board are
 * kept as screenshots under test-output/ (not committed).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = resolve(process.cwd(), 'test-output');

describe('queue board sign-in in headless Chromium (e2e)', () => {
  let app: NestExpressApplication;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let webhooks: Queue;
  const cspViolations: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH`);
    }
    // Queues of its own (no worker takes the job this file fails on purpose).
    app = await startApp({ appRole: 'api', redisKeyPrefix: `${loadConfig().redisKeyPrefix}_board_ui` });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    webhooks = app.get<Queue>(getQueueToken(QUEUE_WEBHOOKS));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await webhooks?.empty();
    await app?.close();
  });

  const sessionCookie = async () => (await context.cookies(`${base}/admin/queues/`)).find((c) => c.name === 'queue_board_session');

  it('signs in on the form, shows the queues on the session cookie alone, retries a failed job, and signs out', async () => {
    const admin = await newAdminWithKey(app);
    const added = await webhooks.add('board-probe', { probe: true }, { attempts: 1 });
    const taken = (await webhooks.getNextJob()) as Job;
    await taken.moveToFailed({ message: 'target answered 500' });

    // No session: the board sends the browser to the form.
    await page.goto(`${base}/admin/queues`);
    expect(new URL(page.url()).pathname).toBe('/admin/queues/sign-in');

    // A wrong secret is shown on the form, and makes no cookie.
    await page.fill('#key_id', admin.keyId);
    await page.fill('#secret_key', `${admin.secret}x`);
    await page.click('button[type=submit]');
    await page.locator('.error', { hasText: 'Unknown key id or wrong secret key.' }).waitFor();
    expect(await sessionCookie()).toBeUndefined();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: resolve(SCREENSHOTS, 'queue-board-sign-in.png') });

    await page.fill('#key_id', admin.keyId);
    await page.fill('#secret_key', admin.secret);
    await page.click('button[type=submit]');
    await page.waitForURL(`${base}/admin/queues/`);
    // The board drew both queues from its API, called with the cookie.
    await page.getByText('settlement', { exact: true }).first().waitFor({ timeout: 15_000 });
    await page.getByText(QUEUE_WEBHOOKS, { exact: true }).first().waitFor();
    const cookie = await sessionCookie();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin/queues', secure: false });
    expect(await page.evaluate(() => document.cookie)).toBe('');

    // The board's own button retries the failed job (a same-origin PUT carrying the cookie).
    await page.goto(`${base}/admin/queues/queue/${QUEUE_WEBHOOKS}?status=failed`);
    await page.getByText('target answered 500').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Retry all' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('All failed jobs were sent back to the queue').waitFor();
    await eventually(async () => (await (await webhooks.getJob(added.id))!.getState()) === 'waiting');
    const file = resolve(SCREENSHOTS, 'queue-board.png');
    await page.screenshot({ path: file });
    console.log(`Queue board screenshot: ${file}`);

    // The header's menu leads to sign-out, which ends the session: the board sends the browser back to the form.
    await page.locator('header ul li').last().locator('button').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${base}/admin/queues/sign-out`);
    await page.click('button[type=submit]');
    await page.waitForURL(`${base}/admin/queues/sign-in`);
    expect(await sessionCookie()).toBeUndefined();
    await page.goto(`${base}/admin/queues/`);
    expect(new URL(page.url()).pathname).toBe('/admin/queues/sign-in');
    expect(cspViolations).toEqual([]);
  });
});
