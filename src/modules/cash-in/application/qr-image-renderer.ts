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

/**
 * The charge was created but its image could not be drawn (a render worker failed): 503 with Retry-After.
 * The charge's answer is kept on its idempotency key, so a retry with the same key draws the image again.
 */
export class QrImageNotDrawnError extends DomainError {
  readonly retryAfterSeconds = QR_RENDER_RETRY_AFTER_SECONDS;

  constructor() {
    super(
      'SERVICE_UNAVAILABLE',
      'The charge was created but its QR image could not be drawn; retry with the same X-Idempotency-Key to get it',
    );
  }
}

/** A place among the images being drawn or waiting to be, held from `QrImageRenderer.reserve` on. */
export interface QrImageTicket {
  /** The `data:image/png;base64,...` URI of the QR code of `text`; the place is given back once it is drawn. */
  pngDataUri(text: string): Promise<string>;
  /** Gives the place back without drawing; does nothing the second time or after `pngDataUri`. */
  release(): void;
}

/** Port that draws a BR Code as a QR image. */
export abstract class QrImageRenderer {
  /**
   * Takes a place in the render queue now, or throws QrRenderQueueFullError when it is full: a charge takes
   * its place before it writes anything, and draws its image once its transaction is over
   * (docs/adr/0204-one-idempotent-interceptor.md).
   */
  abstract reserve(): QrImageTicket;

  /** A `data:image/png;base64,...` URI of the QR code of `text`; QrRenderQueueFullError when its queue is full. */
  pngDataUri(text: string): Promise<string> {
    return this.reserve().pngDataUri(text);
  }
}
