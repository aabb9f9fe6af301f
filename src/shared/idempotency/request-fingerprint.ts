import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` fingerprint alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Hash of what makes two requests "the same" for idempotency (docs/conventions.md §5). */
export function requestFingerprint(parts: { method: string; path: string; clientId: string; body: unknown; extra?: unknown }): string {
  return createHash('sha256')
    .update(canonical({ m: parts.method.toUpperCase(), p: parts.path, c: parts.clientId, b: parts.body, x: parts.extra ?? null }))
    .digest('hex');
}
