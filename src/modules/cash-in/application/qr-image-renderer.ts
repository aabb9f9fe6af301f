import { DomainError } from '../../../shared/errors/domain-error.js';

/** Seconds a client is told to wait when too many QR images are waiting to be drawn (the Retry-After of the 503). */
export const QR_RENDER_RETRY_AFTER_SECONDS = 1;

/** Too many images wait to be drawn: 503 with Retry-After; the charge was not issued, a retry may issue it. */
export class QrRenderQueueFullError extends DomainError {
  readonly retryAfterSeconds = QR_RENDER_RETRY_AFTER_SECONDS;

  constructor() {
    super('SERVICE_UNAVAILABLE', 'Too many charges are being created at once; retry later');
  }
}

/** Port that draws a BR Code as a QR image. */
export abstract class QrImageRenderer {
  /** A `data:image/png;base64,...` URI of the QR code of `text`; QrRenderQueueFullError when its queue is full. */
  abstract pngDataUri(text: string): Promise<string>;
}
