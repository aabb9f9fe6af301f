import { jest } from '@jest/globals';
import type { ArgumentMetadata } from '@nestjs/common';
import { IsIn, IsOptional, IsString, IsUUID } from 'class-validator';
import { DomainError } from './domain-error.js';
import { createValidationPipe } from './validation.pipe.js';

class OptionalQuery {
  @IsOptional()
  @IsUUID('all', { message: 'account_id must be a UUID' })
  account_id?: string;

  @IsOptional()
  @IsIn(['asc', 'desc'])
  order: string = 'desc';
}

class RequiredQuery {
  @IsString()
  status: string;
}

const query = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'query', metatype, data: undefined });

/** The pipe and a count of class-validator runs. */
function pipeWithRuns() {
  const pipe = createValidationPipe();
  const runs = jest.spyOn(pipe as unknown as { validate: (object: object) => unknown }, 'validate');
  return { pipe, runs };
}

describe('createValidationPipe: empty queries', () => {
  it('validates the first empty query of a class, then builds the same fresh instance without validating', async () => {
    const { pipe, runs } = pipeWithRuns();
    const first = await pipe.transform({}, query(OptionalQuery));
    expect(runs).toHaveBeenCalledTimes(1);

    // Express 5 parses the query string into an object without a prototype.
    const second = await pipe.transform(Object.create(null), query(OptionalQuery));
    const third = await pipe.transform({}, query(OptionalQuery));
    expect(runs).toHaveBeenCalledTimes(1);
    expect(second).toBeInstanceOf(OptionalQuery);
    expect(second).toEqual(first);
    expect(second).toEqual({ order: 'desc' });
    expect(third).not.toBe(second);
  });

  it('keeps validating empty queries of a class that refuses them, with the same 400 every time', async () => {
    const { pipe, runs } = pipeWithRuns();
    for (let i = 1; i <= 3; i++) {
      const refusal = pipe.transform({}, query(RequiredQuery));
      await expect(refusal).rejects.toBeInstanceOf(DomainError);
      await expect(refusal).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'status must be a string',
        details: [{ field: 'status', issue: 'status must be a string' }],
      });
      expect(runs).toHaveBeenCalledTimes(i);
    }
  });

  it('validates every non-empty query, and every other kind of argument, as before', async () => {
    const { pipe, runs } = pipeWithRuns();
    await pipe.transform({}, query(OptionalQuery));
    await expect(pipe.transform({ account_id: 'nope' }, query(OptionalQuery))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'account_id', issue: 'account_id must be a UUID' }],
    });
    await expect(pipe.transform({ extra: '1' }, query(OptionalQuery))).rejects.toMatchObject({
      details: [{ field: 'extra', issue: 'property extra should not exist' }],
    });
    await expect(pipe.transform({}, { type: 'body', metatype: OptionalQuery })).resolves.toEqual({ order: 'desc' });
    await expect(pipe.transform({}, { type: 'body', metatype: OptionalQuery })).resolves.toEqual({ order: 'desc' });
    expect(runs).toHaveBeenCalledTimes(5);
  });

  it('leaves a query without a DTO class as it came', async () => {
    const { pipe, runs } = pipeWithRuns();
    const raw = {};
    await expect(pipe.transform(raw, { type: 'query', metatype: Object })).resolves.toBe(raw);
    await expect(pipe.transform(raw, { type: 'query' })).resolves.toBe(raw);
    expect(runs).not.toHaveBeenCalled();
  });
});
