import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../../../shared/auth/auth.decorators.js';
import { ChargeLocations } from '../../application/charge-locations.js';
import { PayloadSigner } from '../../application/payload-signer.js';
import { LocationProblem } from '../../domain/location-problem.js';

/** Sends `body` with exactly this Content-Type (a Buffer, so Express adds no charset). */
function send(res: Response, status: number, type: string, body: string, cache: string): void {
  res.status(status).setHeader('Content-Type', type);
  res.setHeader('Cache-Control', cache);
  res.send(Buffer.from(body, 'utf8'));
}

/**
 * The locations of our dynamic QR codes, read by payers' institutions (API Pix, tag `CobPayload`): open, no
 * client token (docs/adr/0205-payload-location.md). Mounted under the path of PIX_QR_BASE_URL, and left out of
 * the OpenAPI document, which describes the client API; the Central Bank's specification describes these.
 * `jwks` is declared before `:id`, which would otherwise take it.
 */
@ApiExcludeController()
@Controller('qr/v2')
export class PayloadLocationController {
  constructor(
    private readonly locations: ChargeLocations,
    private readonly signer: PayloadSigner,
  ) {}

  @Get('jwks')
  @Public()
  async jwks(@Res() res: Response): Promise<void> {
    send(res, 200, 'application/json', JSON.stringify(await this.signer.keySet()), 'public, max-age=300');
  }

  @Get('cobv/:id')
  @Public()
  async dueDate(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.answer(res, () => this.locations.dueDate(id, { DPP: req.query.DPP, codMun: req.query.codMun }));
  }

  @Get(':id')
  @Public()
  async immediate(@Param('id') id: string, @Res() res: Response): Promise<void> {
    await this.answer(res, () => this.locations.immediate(id));
  }

  private async answer(res: Response, jws: () => Promise<string>): Promise<void> {
    try {
      // `calendario.apresentacao` is the moment of this answer: never from a cache.
      send(res, 200, 'application/jose', await jws(), 'no-store');
    } catch (err) {
      if (!(err instanceof LocationProblem)) throw err;
      send(res, err.problem.status, 'application/problem+json', JSON.stringify(err.problem), 'no-store');
    }
  }
}
