import { Injectable, Logger, type CallHandler, type NestInterceptor } from '@nestjs/common';
import { defer, lastValueFrom, type Observable } from 'rxjs';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { QrImageNotDrawnError, QrImageRenderer } from '../../application/qr-image-renderer.js';
import type { ChargeCreatedResponse } from './charge.response.js';

/** A new charge's answer as its handler gives it and its idempotency key stores it: all but the QR image. */
export type ChargeAnswerWithoutImage = Omit<ChargeCreatedResponse, 'qr_code'>;

/** The answer with its image in the place the contract gives it, between `status` and `qr_code_text`. */
export function withQrImage(answer: ChargeAnswerWithoutImage, qrImage: string): ChargeCreatedResponse {
  const { success, conciliation_id, transaction_id, status, ...rest } = answer;
  return { success, conciliation_id, transaction_id, status, qr_code: qrImage, ...rest };
}

/**
 * Adds a new charge's QR image to its answer, outside the idempotent part (`@Idempotent({ outside })`,
 * docs/adr/0204-one-idempotent-interceptor.md): the image is drawn from `qr_code_text` after the charge's
 * transaction is over, for a first answer and for a replay alike, so no connection waits for it and the
 * stored answer does not hold it. The same text gives the same PNG, so a replay is still the first answer
 * byte for byte. A place in the render queue is taken before the key is claimed: a full queue is refused
 * with 503 before anything is written (docs/adr/0102-the-qr-image-in-a-worker-thread.md).
 */
@Injectable()
export class ChargeQrImageInterceptor implements NestInterceptor {
  private readonly logger = new Logger(ChargeQrImageInterceptor.name);

  constructor(private readonly qrImages: QrImageRenderer) {}

  intercept(_context: unknown, next: CallHandler): Observable<ChargeCreatedResponse> {
    return defer(async () => {
      const ticket = this.qrImages.reserve();
      try {
        const answer = await lastValueFrom(next.handle() as Observable<ChargeAnswerWithoutImage | ChargeCreatedResponse>);
        // A key stored before the image left the stored answer holds it: replayed as it is.
        if ('qr_code' in answer) return answer;
        // The charge is committed by now: a failed drawing is a 503 the same key recovers from, never a 500.
        const image = await ticket.pngDataUri(answer.qr_code_text).catch((err: unknown) => {
          if (err instanceof DomainError) throw err;
          this.logger.error({ err, transactionId: answer.transaction_id }, 'a committed charge could not get its QR image');
          throw new QrImageNotDrawnError();
        });
        return withQrImage(answer, image);
      } finally {
        ticket.release();
      }
    });
  }
}
