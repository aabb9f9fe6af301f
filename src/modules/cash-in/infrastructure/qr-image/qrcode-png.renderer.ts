import { resolve } from 'node:path';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import { QrImageRenderer } from '../../application/qr-image-renderer.js';

/**
 * The worker file's directory: beside this file once compiled (CommonJS, dist/), and under src/ when the
 * sources run as ES modules (tests), from the project root as every entry point runs.
 */
const HERE = typeof __dirname === 'string' ? __dirname : resolve('src/modules/cash-in/infrastructure/qr-image');

/**
 * Draws the QR code with `qrcode` (node-qrcode) in a worker thread (piscina): encoding a PNG takes about
 * 20 ms of CPU, which on the event loop would stall every other request for as long. At most two threads,
 * started on the first charge and stopped after a minute idle.
 */
@Injectable()
export class QrcodePngRenderer extends QrImageRenderer implements OnModuleDestroy {
  private readonly pool = new Piscina<string, string>({
    filename: resolve(HERE, 'qr-png.worker.cjs'),
    minThreads: 0,
    maxThreads: 2,
    idleTimeout: 60_000,
  });

  pngDataUri(text: string): Promise<string> {
    return this.pool.run(text);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }
}
