import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { QrRenderQueueFullError } from '../../application/qr-image-renderer.js';
import { QR_RENDER_QUEUE_MAX, QR_RENDER_THREADS, QrcodePngRenderer } from './qrcode-png.renderer.js';

const TEXT =
  '00020101021226820014br.gov.bcb.pix2560pix.sandbox.local/qr/v2/3f2b8c1e-6d4a-4e7b-9a51-2c8d0e9f7a365204000053039865406150.005802BR5917Loja Exemplo Ltda6009SAO PAULO62360532k3Jd92LmQx7Pz0aTy5RbV1cNw8EhUf4G6304D093';
/**
 * The SHA-256 of TEXT's data URI with qrcode 1.5.4 (pngjs 7). A charge's answer is stored without its image and
 * the image is drawn again for a replay (docs/adr/0204-one-idempotent-interceptor.md): an upgrade of qrcode or
 * pngjs that changes these bytes changes the replays of answers first given before it (for the 24 h their keys
 * live), so it must be a deliberate change of this hash.
 */
const TEXT_IMAGE_SHA256 = 'c3ec6cbaeb062fa21436352c3047bc38f98310deacc12e0fa5edccb394634fbe';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('QrcodePngRenderer', () => {
  const renderers: QrcodePngRenderer[] = [];
  const renderer = () => {
    const r = new QrcodePngRenderer();
    renderers.push(r);
    return r;
  };

  afterAll(async () => {
    await Promise.all(renderers.map((r) => r.onModuleDestroy()));
  });

  it('draws the same bytes for the same text: in one worker, in another, and in this thread with the same options', async () => {
    const one = renderer();
    const [a, b] = await Promise.all([one.pngDataUri(TEXT), one.pngDataUri(TEXT)]);
    const c = await renderer().pngDataUri(TEXT);
    const here = await QRCode.toDataURL(TEXT, { type: 'image/png', errorCorrectionLevel: 'M', margin: 4, scale: 6 });

    expect(a).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(here).toBe(a);
    expect(sha256(a)).toBe(TEXT_IMAGE_SHA256);
    expect(await one.pngDataUri(`${TEXT}0`)).not.toBe(a);
  });

  it('counts a reserved place against the queue bound until it draws or is given back', async () => {
    const r = renderer();
    const tickets = Array.from({ length: QR_RENDER_THREADS + QR_RENDER_QUEUE_MAX }, () => r.reserve());

    expect(() => r.reserve()).toThrow(QrRenderQueueFullError);
    tickets.pop()!.release();
    const last = r.reserve();
    expect(() => r.reserve()).toThrow(QrRenderQueueFullError);
    // Given back once only, however often it is released.
    last.release();
    last.release();
    const again = r.reserve();
    expect(() => r.reserve()).toThrow(QrRenderQueueFullError);

    expect(sha256(await again.pngDataUri(TEXT))).toBe(TEXT_IMAGE_SHA256);
    again.release();
    for (const t of tickets) t.release();
    const all = Array.from({ length: QR_RENDER_THREADS + QR_RENDER_QUEUE_MAX }, () => r.reserve());
    expect(() => r.reserve()).toThrow(QrRenderQueueFullError);
    for (const t of all) t.release();
  });
});
