import { appendFileSync } from 'node:fs';
import request from 'supertest';

/**
 * Keeps every string of every request body the e2e tests send (TEST_BODIES_FILE, one JSON array per line):
 * the global teardown looks for them in the PostgreSQL server log (test/support/server-log.mjs).
 */
const file = process.env.TEST_BODIES_FILE;
const proto = (request as unknown as { Test: { prototype: { send(this: unknown, data: unknown): unknown } } }).Test.prototype;
const send = proto.send;

/** Every string in `value`, walked with a stack: the hostile-input tests send bodies 3,000 levels deep. */
function strings(value: unknown): string[] {
  const found: string[] = [];
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === 'string') found.push(v);
    else if (Array.isArray(v)) for (const item of v) pending.push(item);
    else if (v && typeof v === 'object') for (const item of Object.values(v)) pending.push(item);
  }
  return found;
}

if (file) {
  proto.send = function (this: unknown, data: unknown) {
    let parsed = data;
    if (typeof data === 'string') {
      try {
        parsed = JSON.parse(data);
      } catch {
        parsed = data;
      }
    }
    const found = strings(parsed);
    if (found.length > 0) appendFileSync(file, `${JSON.stringify(found)}\n`);
    return send.call(this, data);
  };
}
