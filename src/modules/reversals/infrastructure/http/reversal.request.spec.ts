import { CLIENT_REFUND_CODES } from '../../../../shared/domain/refund-code.js';
import { createValidationPipe } from '../../../../shared/errors/validation.pipe.js';
import { CreateReversalRequest } from './reversal.request.js';

/** The body of POST /api/v1/pix/reversals through the app's validation pipe. */
const validate = (body: Record<string, unknown>) =>
  createValidationPipe().transform(
    { amount: '10.00', external_id: 'rev-1', end_to_end_id: 'E00000000202603101400EXTERNAL001', ...body },
    { type: 'body', metatype: CreateReversalRequest },
  );

describe('CreateReversalRequest: refund_code', () => {
  // conventions §10: `refund_code` is MD06 (default) or SL02
  it('accepts exactly MD06 and SL02', () => {
    expect([...CLIENT_REFUND_CODES]).toEqual(['MD06', 'SL02']);
  });

  it.each(['MD06', 'SL02'])('accepts %s', async (refund_code) => {
    await expect(validate({ refund_code })).resolves.toMatchObject({ refund_code });
  });

  // conventions §10: BE08 and FR01 are the institution's own codes for special returns (MED), not accepted from clients
  it.each(['BE08', 'FR01'])("refuses the institution's own code %s with VALIDATION_ERROR on refund_code", async (refund_code) => {
    await expect(validate({ refund_code })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'refund_code', issue: expect.stringContaining("institution's own codes") }],
    });
  });

  it('may be left out (the use case then takes MD06)', async () => {
    const body = (await validate({})) as CreateReversalRequest;
    expect(body).toBeInstanceOf(CreateReversalRequest);
    expect(body.refund_code).toBeUndefined();
  });

  it.each(['AB01', 'md06', ''])('refuses %j with VALIDATION_ERROR on refund_code', async (refund_code) => {
    await expect(validate({ refund_code })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ field: 'refund_code' })],
    });
  });
});
