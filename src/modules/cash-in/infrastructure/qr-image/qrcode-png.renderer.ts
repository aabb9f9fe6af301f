import { resolve } from 'node:path';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import { QrImageRenderer, QrRenderQueueFullError, type QrImageTicket } from '../../application/qr-image-renderer.js';

/**
 * The worker file's directory: beside this file once compiled (CommonJS, dist/), and under src/ when the
 * sources run as ES modules (tests), from the project root as every entry point runs.
 */
const HERE = typeof __dirname === 'string' ? __dirname : resolve('src/modules/cash-in/infrastructure/qr-image');

/** Worker threads drawing QR images. */
export const QR_RENDER_THREADS = 2;
/**
 * Images that may wait for a thread (beyond the ones being drawn): at about 20 ms each, the last waits
 * some 0.7 s. One more is refused with 503 and Retry-After rather than queued without end.
 */
export const QR_RENDER_QUEUE_MAX = 64;

/**
 * Draws the QR code with `qrcode` (node-qrcode) in a worker thread (piscina): encoding a PNG takes about
 * 20 ms of CPU, which on the event loop would stall every other request for as long. At most
 * QR_RENDER_THREADS threads, started on the first charge and stopped after a minute idle; at most
 * QR_RENDER_QUEUE_MAX images waiting for one (a reserved place counts as waiting).
 */
@Injectable()
export class QrcodePngRenderer extends QrImageRenderer implements OnModuleDestroy {
  private readonly pool = new Piscina<string, string>({
    filename: resolve(HERE, 'qr-png.worker.cjs'),
    minThreads: 0,
    maxThreads: QR_RENDER_THREADS,
    idleTimeout: 60_000,
  });
  /** Images being drawn, waiting for a thread, or reserved (their charge's transaction still running). */
  private outstanding = 0;

  reserve(): QrImageTicket {
    if (this.outstanding >= QR_RENDER_THREADS + QR_RENDER_QUEUE_MAX) throw new QrRenderQueueFullError();
    this.outstanding++;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      this.outstanding--;
    };
    return {
      pngDataUri: async (text) => {
        try {
          return await this.draw(text);
        } finally {
          release();
        }
      },
      release,
    };
  }

  /** One image, drawn in a worker thread. */
  protected draw(text: string): Promise<string> {
    return this.pool.run(text);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }
}
