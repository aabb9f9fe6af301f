import { bodyShapeProblem, MAX_BODY_DEPTH, MAX_BODY_NODES } from './body-shape.middleware.js';

describe('bodyShapeProblem', () => {
  const nested = (depth: number) => {
    let v: unknown = 'x';
    for (let i = 0; i < depth; i++) v = { a: v };
    return v;
  };

  it('accepts ordinary bodies', () => {
    expect(bodyShapeProblem({ amount: '1.00', metadata: { order: { id: 'x', tags: ['a', 'b'] } } })).toBeNull();
    expect(bodyShapeProblem(nested(MAX_BODY_DEPTH))).toBeNull();
  });

  it('refuses a top level that is not an object', () => {
    expect(bodyShapeProblem([{ amount: '1.00' }])).toEqual({ field: 'body', issue: 'must be a JSON object' });
    expect(bodyShapeProblem([])).toEqual({ field: 'body', issue: 'must be a JSON object' });
  });

  it('refuses keys that reach a prototype, at any level', () => {
    expect(bodyShapeProblem(JSON.parse('{"amount":"1.00","__proto__":{"admin":true}}'))).toEqual({
      field: '__proto__',
      issue: 'is a reserved key',
    });
    expect(bodyShapeProblem({ metadata: { a: { constructor: { prototype: 1 } } } })).toEqual({
      field: 'metadata.a.constructor',
      issue: 'is a reserved key',
    });
    expect(bodyShapeProblem({ metadata: { constructors: 1, proto: 2 } })).toBeNull();
  });

  it('refuses 3,000 levels of nesting without overflowing the stack', () => {
    expect(bodyShapeProblem(nested(3000))).toMatchObject({ issue: expect.stringContaining('nested deeper') });
    expect(bodyShapeProblem(nested(MAX_BODY_DEPTH + 1))).not.toBeNull();
  });

  it('refuses too many keys, and NUL in any string or key, naming the field', () => {
    const wide = Object.fromEntries(Array.from({ length: MAX_BODY_NODES + 1 }, (_, i) => [`k${i}`, i]));
    expect(bodyShapeProblem(wide)).toMatchObject({ issue: expect.stringContaining('keys and elements') });
    expect(bodyShapeProblem({ description: 'a\u0000b' })).toEqual({ field: 'description', issue: 'must not contain the NUL character' });
    expect(bodyShapeProblem({ metadata: { note: ['ok', 'n\u0000'] } })).toMatchObject({ field: 'metadata.note.1' });
    expect(bodyShapeProblem({ metadata: { 'k\u0000': 1 } })).toMatchObject({ field: 'metadata' });
  });

  it('refuses a lone surrogate in any string or key, naming the field, and accepts a well-formed pair', () => {
    const lone = 'must not contain an unpaired UTF-16 surrogate';
    expect(bodyShapeProblem(JSON.parse('{"metadata":{"note":"\\ud800"}}'))).toEqual({ field: 'metadata.note', issue: lone });
    expect(bodyShapeProblem({ description: 'a\udfffb' })).toEqual({ field: 'description', issue: lone });
    expect(bodyShapeProblem({ tags: ['ok', '\udc00\ud800'] })).toEqual({ field: 'tags.1', issue: lone });
    expect(bodyShapeProblem({ user_metadata: { 'k\ud83d': 1 } })).toMatchObject({
      field: 'user_metadata',
      issue: expect.stringContaining('key'),
    });
    expect(bodyShapeProblem({ description: 'pago \ud83d\ude00', metadata: { '\ud83d\ude00': 'ok' } })).toBeNull();
  });
});
