import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import { ApiPixAuth } from './api-pix-auth.decorator.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { PayloadLocations, type PayloadLocation } from '../../../cash-in/application/payload-locations.js';
import { ApiPixExceptionFilter } from './api-pix-exception.filter.js';
import { listParameters } from './cob-list.query.js';
import { locListQuery } from './loc-list.query.js';
import { presentLoc } from './loc.presenter.js';
import { PayloadLocationRequest } from './loc.request.js';

/** A location id as the path names it: the spec's `Id`, a positive integer (anything else is not found, docs/adr/0026). */
const ID = /^[1-9]\d{0,14}$/;

/**
 * API Pix `loc` (tag PayloadLocation): the client's own payload locations, made before their charges, linked to
 * one by `loc.id` at `PUT /cob/{txid}`, `POST /cob` or `PUT /cobv/{txid}`, freed by `DELETE /loc/{id}/txid`
 * (docs/api-pix.md, "loc"; docs/adr/0238-api-pix-locations-are-the-clients-own.md). Served at its URL by the
 * payload-location module like any charge's location.
 */
@ApiExcludeController()
@UseFilters(new ApiPixExceptionFilter('loc'))
@Controller('api-pix/v2/loc')
export class LocController {
  constructor(
    private readonly locations: PayloadLocations,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pixQrBaseUrl'>,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiPixAuth('payloadlocation.write')
  async post(@CurrentPrincipal() p: Principal, @Body() body: PayloadLocationRequest, @Res({ passthrough: true }) res: Response) {
    const location = await this.locations.create(p.id, body.tipoCob === 'cobv' ? 'dueDate' : 'immediate');
    // spec, 201 `location` header: the location created, as this API's resource.
    res.setHeader('Location', `/api-pix/v2/loc/${location.id}`);
    return this.present(location);
  }

  /** `PayloadLocationConsultadas`: the caller's locations created between `inicio` and `fim`, oldest first. */
  @Get()
  @ApiPixAuth('payloadlocation.read')
  async list(@CurrentPrincipal() p: Principal, @Query() raw: Record<string, unknown>) {
    const { filter, params } = locListQuery(raw, p.id);
    const { items, total } = await this.locations.list(filter);
    return { parametros: listParameters(params, total), loc: items.map((l) => this.present(l)) };
  }

  @Get(':id')
  @ApiPixAuth('payloadlocation.read')
  async get(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    const location = ID.test(id) ? await this.locations.find(p.id, Number(id)) : null;
    if (!location) throw notFound();
    return this.present(location);
  }

  /** Frees the location (200 with it, no `txid`); the charge stays, served nowhere. Again: the same answer. */
  @Delete(':id/txid')
  @HttpCode(200)
  @ApiPixAuth('payloadlocation.write')
  async unlink(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    const location = ID.test(id) ? await this.locations.unlink(p.id, Number(id)) : null;
    if (!location) throw notFound();
    return this.present(location);
  }

  private present(l: PayloadLocation) {
    return presentLoc(this.config.pixQrBaseUrl, l);
  }
}

/** Another client's location is answered as one that does not exist (docs/conventions.md §1). */
function notFound(): DomainError {
  return new DomainError('NOT_FOUND', 'Location não encontrada para o id informado.');
}
