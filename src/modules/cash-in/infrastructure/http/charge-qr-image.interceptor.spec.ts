import type { CallHandler } from '@nestjs/common';
import { defer, lastValueFrom } from 'rxjs';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { FakeQrImages } from '../../application/cash-in-world.fakes.js';
import { ChargeQrImageInterceptor, withQrImage, type ChargeAnswerWithoutImage } from './charge-qr-image.interceptor.js';
import type { ChargeCreatedResponse } from './charge.response.js';

const TEXT = '00020101021226820014br.gov.bcb.pix2560pix.sandbox.local/qr/v2/abc5204000053039865406150.005802BR6304ABCD';
const IMAGE = `data:image/png;base64,${Buffer.from(TEXT).toString('base64')}`;

/** A charge's answer without its image, as the handler returns it and the key stores it. */
const stored = (): ChargeAnswerWithoutImage => ({
  success: true,
  conciliation_id: 'k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G',
  transaction_id: '3f2b8c1e-6d4a-4e7b-9a51-2c8d0e9f7a36',
  status: 'pending',
  qr_code_text: TEXT,
  expires_at: '2026-03-10T16:00:00.000Z',
  registry_document_id: 'sandbox-k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G',
  message: 'Charge created',
  metadata: { zz: 1, a: 2 },
  provider: 'sandbox',
});

/** The answer as the controller built it before the image left the stored answer, key order included. */
const firstAnswerShape = (image: string): ChargeCreatedResponse => {
  const s = stored();
  return {
    success: s.success,
    conciliation_id: s.conciliation_id,
    transaction_id: s.transaction_id,
    status: s.status,
    qr_code: image,
    qr_code_text: s.qr_code_text,
    expires_at: s.expires_at,
    registry_document_id: s.registry_document_id,
    message: s.message,
    metadata: s.metadata,
    provider: s.provider,
  };
};

describe('ChargeQrImageInterceptor', () => {
  let images: FakeQrImages;
  let interceptor: ChargeQrImageInterceptor;
  let handled: number;

  beforeEach(() => {
    images = new FakeQrImages();
    interceptor = new ChargeQrImageInterceptor(images);
    handled = 0;
  });

  /** The idempotent part (the handler, or a replay) answering `answer` (or failing with it). */
  const inner = (answer: () => Promise<unknown>): CallHandler => ({
    handle: () =>
      defer(() => {
        handled++;
        // The place in the render queue is taken before the idempotent part runs.
        expect(images.held).toBe(1);
        return answer();
      }),
  });
  const run = (next: CallHandler) => lastValueFrom(interceptor.intercept(undefined, next));

  it('draws the image from qr_code_text and puts it where the contract has it, byte for byte', async () => {
    const answer = await run(inner(async () => stored()));

    expect(JSON.stringify(answer)).toBe(JSON.stringify(firstAnswerShape(IMAGE)));
    expect(images.drawn).toEqual([TEXT]);
    expect(images.held).toBe(0);
  });

  it('a replay of the stored answer is drawn again and gives the same bytes as the first answer', async () => {
    const first = JSON.stringify(await run(inner(async () => stored())));
    // What the key stores is the JSON text of the answer without its image; a replay parses it.
    const replay = JSON.stringify(await run(inner(async () => JSON.parse(JSON.stringify(stored())) as unknown)));

    expect(replay).toBe(first);
    expect(images.drawn).toEqual([TEXT, TEXT]);
  });

  it('a full render queue is refused with 503 before the idempotent part runs: no key claimed, nothing written', async () => {
    images.refuseNext();

    await expect(run(inner(async () => stored()))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 1 });
    expect(handled).toBe(0);
    expect(images.drawn).toEqual([]);
  });

  it('an image that cannot be drawn after the charge committed is a 503 telling to retry with the same key, not a 500', async () => {
    images.failNextDraw();

    await expect(run(inner(async () => stored()))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      retryAfterSeconds: 1,
      message: expect.stringContaining('same X-Idempotency-Key'),
    });
    expect(images.held).toBe(0);
    // The retry replays the stored answer and draws it.
    const answer = await run(inner(async () => stored()));
    expect(JSON.stringify(answer)).toBe(JSON.stringify(firstAnswerShape(IMAGE)));
  });

  it('a refusal of the idempotent part gives the place back and draws nothing', async () => {
    const refusal = new DomainError('AMOUNT_TOO_LARGE', 'too large');

    await expect(run(inner(() => Promise.reject(refusal)))).rejects.toBe(refusal);
    expect(handled).toBe(1);
    expect(images.drawn).toEqual([]);
    expect(images.held).toBe(0);
  });

  it('a key stored while the stored answer still held the image is replayed as it is, with nothing drawn', async () => {
    const old = firstAnswerShape('data:image/png;base64,OLD');

    const answer = await run(inner(async () => JSON.parse(JSON.stringify(old)) as unknown));

    expect(JSON.stringify(answer)).toBe(JSON.stringify(old));
    expect(images.drawn).toEqual([]);
    expect(images.held).toBe(0);
  });

  it('withQrImage keeps the other fields in their order', () => {
    expect(Object.keys(withQrImage(stored(), IMAGE))).toEqual(Object.keys(firstAnswerShape(IMAGE)));
  });
});
