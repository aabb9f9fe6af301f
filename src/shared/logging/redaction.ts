/**
 * Keeps personal data out of logs. Pix key values (CPF, CNPJ, e-mail, phone) travel in the path of the
 * key endpoints; failed SQL carries its parameters (names, documents) and Postgres' `detail` echoes
 * the offending values. Logs get the shape of a request or error, never those values.
 */

/** Path segments after these prefixes are personal data (a Pix key value). */
const SENSITIVE_PATHS = [/^(\/api\/v1\/pix\/keys\/)[^/?#]+/];

export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const [path = '', query] = url.split('?', 2); // split always yields the path
  let redacted = path;
  for (const re of SENSITIVE_PATHS) redacted = redacted.replace(re, '$1[redacted]');
  // Query strings may carry e2e ids, references or documents: keep the names, drop the values.
  const q = query
    ?.split('&')
    .map((pair) => `${pair.split('=')[0]}=[redacted]`)
    .join('&');
  return q ? `${redacted}?${q}` : redacted;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  stack?: unknown;
  driverError?: unknown;
}

/** An error as it may be logged: class, SQLSTATE or code, message and stack; no query, parameters or detail. */
export function errorForLog(err: unknown): Record<string, unknown> {
  if (!err || typeof err !== 'object') return { message: String(err) };
  const e = err as ErrorLike;
  const driver = (e.driverError && typeof e.driverError === 'object' ? e.driverError : {}) as ErrorLike;
  return {
    type: typeof e.name === 'string' ? e.name : 'Error',
    code: e.code ?? driver.code,
    message: typeof e.message === 'string' ? e.message : undefined,
    stack: typeof e.stack === 'string' ? e.stack : undefined,
  };
}
