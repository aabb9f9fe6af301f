import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../errors/error-body.js';

/** Deepest nesting a request body may have; the API's own bodies are at most 3 levels deep. */
export const MAX_BODY_DEPTH = 16;
/** Most keys and array elements, all levels together, a request body may have. */
export const MAX_BODY_NODES = 2_000;
/**
 * Keys that reach an object's prototype when code merges or assigns a body: refused anywhere. The
 * validation pipe would not refuse them as unknown fields (class-transformer skips them).
 */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/**
 * A UTF-16 surrogate half without its partner, which JSON can carry as an escape (`"\ud800"`): jsonb refuses
 * the escape (a 500 from `metadata`) and text cannot hold it as UTF-8. With the `u` flag a well-formed pair
 * (an emoji) is one code point, so only a lone half matches. Query strings cannot carry one: their
 * percent-decoding turns bytes that are not UTF-8 into U+FFFD.
 */
const LONE_SURROGATE = /\p{Cs}/u;

interface Problem {
  issue: string;
  field: string;
}

/**
 * Looks at a parsed JSON body before validation runs, without recursion (so no depth can overflow
 * the stack; class-transformer, which the validation pipe runs first, overflows it at ~2,400 levels):
 * refuses a top level that is not an object (every body of the API is one), nesting past
 * MAX_BODY_DEPTH, more than MAX_BODY_NODES keys and elements, the keys of RESERVED_KEYS, and the NUL
 * character or a lone surrogate anywhere (PostgreSQL stores them neither in text nor in jsonb). Returns
 * the first problem, naming the field's path (a bad key is named by its object's path).
 */
export function bodyShapeProblem(body: unknown): Problem | null {
  if (Array.isArray(body)) return { field: 'body', issue: 'must be a JSON object' };
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { field: path || 'body', issue: 'must not contain the NUL character' };
      if (LONE_SURROGATE.test(value)) return { field: path || 'body', issue: 'must not contain an unpaired UTF-16 surrogate' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return { field: path || 'body', issue: `nested deeper than ${MAX_BODY_DEPTH} levels` };
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    nodes += entries.length;
    if (nodes > MAX_BODY_NODES) return { field: path || 'body', issue: `more than ${MAX_BODY_NODES} keys and elements` };
    for (const [key, child] of entries) {
      if (key.includes('\u0000')) return { field: path || 'body', issue: 'a key must not contain the NUL character' };
      if (LONE_SURROGATE.test(key)) return { field: path || 'body', issue: 'a key must not contain an unpaired UTF-16 surrogate' };
      if (RESERVED_KEYS.has(key)) return { field: path ? `${path}.${key}` : key, issue: 'is a reserved key' };
      stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}

/** Express middleware (after the JSON parser): 400 with the error body for a hostile body shape. */
export function bodyShapeMiddleware(req: Request, res: Response, next: NextFunction): void {
  const problem = req.body === undefined ? null : bodyShapeProblem(req.body);
  if (!problem) return next();
  const id = String((req as Request & { id?: string }).id ?? '');
  res.status(400).json(errorBody('VALIDATION_ERROR', `Request body refused: ${problem.field} ${problem.issue}`, id, [problem]));
}
