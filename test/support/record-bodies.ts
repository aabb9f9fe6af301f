import { appendFileSync } from 'node:fs';
import request from 'supertest';

/**
 * Keeps every string of every request body the e2e tests send (TEST_BODIES_FILE, one JSON array per line):
 * the global teardown looks for them in the PostgreSQL server log (test/support/server-log.mjs).
 */
const file = process.env.TEST_BODIES_FILE;
const proto = (request as unknown as { Test: { prototype: { send(this: unknown, data: unknown): unknown } } }).Test.prototype;
const send = proto.send;

function strings(value: unknown, into: string[]): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => strings(v, into));
  return into;
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
    const found = strings(parsed, []);
    if (found.length > 0) appendFileSync(file, `${JSON.stringify(found)}\n`);
    return send.call(this, data);
  };
}
