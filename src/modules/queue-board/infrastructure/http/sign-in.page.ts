import { createHash } from 'node:crypto';
import { QUEUE_BOARD_ROUTE } from './board-permission.js';
import { QUEUE_BOARD_TITLE } from './queue-board.router.js';

export const SIGN_IN_PATH = `${QUEUE_BOARD_ROUTE}/sign-in`;
export const SIGN_OUT_PATH = `${QUEUE_BOARD_ROUTE}/sign-out`;

const STYLE = [
  'body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1f2328;margin:0}',
  'main{max-width:22rem;margin:12vh auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002}',
  'h1{font-size:1.3rem;margin:0 0 1.2rem}',
  'label{display:block;font-size:.9rem;margin:.9rem 0 .3rem}',
  'input{box-sizing:border-box;width:100%;padding:.5rem;font:inherit;border:1px solid #c4c8cf;border-radius:4px}',
  'button{margin-top:1.4rem;width:100%;padding:.6rem;font:inherit;border:0;border-radius:4px;background:#2563eb;color:#fff;cursor:pointer}',
  '.error{color:#b42318;background:#fef3f2;padding:.6rem;border-radius:4px}',
  '.note{font-size:.8rem;color:#57606a;margin-top:1.2rem}',
].join('');

/**
 * The pages' Content-Security-Policy: nothing loads (no script at all), the one style block is allowed
 * by its hash, forms post only to this origin, and no other page may frame them.
 */
export const SIGN_IN_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const lifetime = (seconds: number): string =>
  seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconds`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * The sign-in form: an admin API key's id and secret, posted once (form-encoded) to this origin. The
 * secret field asks the browser not to fill or keep it; the session that follows is a cookie scripts
 * cannot read.
 */
export function signInPage(sessionSeconds: number, error?: string): string {
  return page(
    `Sign in · ${QUEUE_BOARD_TITLE}`,
    `<h1>${escapeHtml(QUEUE_BOARD_TITLE)}</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>\n` : ''}<form method="post" action="${SIGN_IN_PATH}">
<label for="key_id">Admin API key id</label>
<input id="key_id" name="key_id" autocomplete="username" maxlength="64" required autofocus>
<label for="secret_key">Secret key</label>
<input id="secret_key" name="secret_key" type="password" autocomplete="off" maxlength="128" required>
<button type="submit">Sign in</button>
</form>
<p class="note">The key needs the scope admin:queues:read (admin:queues:write to retry, promote, clean or pause). You stay signed in for ${lifetime(sessionSeconds)} at most.</p>`,
  );
}

/** Sign-out is a POST (a link elsewhere cannot end a session); this page holds its button. */
export function signOutPage(): string {
  return page(
    `Sign out · ${QUEUE_BOARD_TITLE}`,
    `<h1>${escapeHtml(QUEUE_BOARD_TITLE)}</h1>
<form method="post" action="${SIGN_OUT_PATH}">
<button type="submit">Sign out</button>
</form>`,
  );
}
