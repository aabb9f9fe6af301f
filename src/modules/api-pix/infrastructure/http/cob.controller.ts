import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, Put, Query, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../../../../config/app.config.js';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import { ApiPixAuth } from './api-pix-auth.decorator.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { MerchantCharges, type MerchantCharge } from '../../../cash-in/application/merchant-charges.js';
import { ApiPixProblem, queryProblem } from '../../domain/api-pix-problem.js';
import { ApiPixExceptionFilter } from './api-pix-exception.filter.js';
import { cobListQuery, listParameters } from './cob-list.query.js';
import { cobProperty, createCobCommand, reviseCobCommand } from './cob.command.js';
import { presentCob } from './cob.presenter.js';
import { CobRequest, CobRevisionRequest } from './cob.request.js';

/** spec, TxId: 26 to 35 letters and digits (anchored: the spec's pattern is meant for the whole value). */
const TXID = /^[a-zA-Z0-9]{26,35}$/;

/**
 * API Pix `cob` (immediate charges) over the service's own charges (docs/api-pix.md;
 * docs/adr/0229-cob-over-the-same-charges.md). Its contract is docs/reference/api-pix-2.9.0.yaml, not the
 * service's OpenAPI document, which leaves it out. The list (`GET /cob`) is the client API's charge list
 * query, immediate charges only (docs/adr/0231-api-pix-charge-lists.md).
 */
@ApiExcludeController()
@UseFilters(new ApiPixExceptionFilter('cob', cobProperty))
@Controller('api-pix/v2/cob')
export class CobController {
  constructor(
    private readonly charges: MerchantCharges,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pixQrBaseUrl'>,
  ) {}

  @Put(':txid')
  @HttpCode(201)
  @ApiPixAuth('cob.write')
  async put(@CurrentPrincipal() p: Principal, @Param('txid') txid: string, @Body() body: CobRequest) {
    if (!TXID.test(txid)) {
      throw new DomainError('VALIDATION_ERROR', 'txid', [{ field: 'cob.txid', issue: 'não respeita o _schema_ ([a-zA-Z0-9]{26,35})' }]);
    }
    return this.present(await this.charges.create(createCobCommand(body, p.id, txid)), false);
  }

  @Post()
  @HttpCode(201)
  @ApiPixAuth('cob.write')
  async post(@CurrentPrincipal() p: Principal, @Body() body: CobRequest) {
    return this.present(await this.charges.create(createCobCommand(body, p.id)), false);
  }

  /** `CobsConsultadas`: the caller's immediate charges created between `inicio` and `fim`, newest first. */
  @Get()
  @ApiPixAuth('cob.read')
  async list(@CurrentPrincipal() p: Principal, @Query() raw: Record<string, unknown>) {
    const { query, params } = cobListQuery(raw, 'cob', p.id);
    const { items, total } = query ? await this.charges.list(query) : { items: [], total: 0 };
    return { parametros: listParameters(params, total), cobs: items.map((c) => ({ ...this.present(c, true), idCob: c.id })) };
  }

  @Patch(':txid')
  @ApiPixAuth('cob.write')
  async patch(@CurrentPrincipal() p: Principal, @Param('txid') txid: string, @Body() body: CobRevisionRequest) {
    await this.immediate(p.id, txid);
    const asked = reviseCobCommand(body);
    const charge = asked.remove ? await this.charges.cancel(p.id, txid) : await this.charges.revise(p.id, txid, asked.changes);
    return this.present(charge, false);
  }

  @Get(':txid')
  @ApiPixAuth('cob.read')
  async get(@CurrentPrincipal() p: Principal, @Param('txid') txid: string, @Query('revisao') revisao: unknown) {
    const charge = await this.immediate(p.id, txid);
    if (revisao !== undefined) {
      // Only the current revision is kept (docs/adr/0229-cob-over-the-same-charges.md): any other is not one we can show.
      if (typeof revisao !== 'string' || !/^\d{1,9}$/.test(revisao) || Number(revisao) !== charge.revision) {
        throw new ApiPixProblem(
          queryProblem('cob', [
            {
              razao: `O parâmetro revisao corresponde a uma revisão inexistente ou não mantida; a revisão atual é ${charge.revision}.`,
              propriedade: 'revisao',
              valor: String(revisao),
            },
          ]),
        );
      }
    }
    return this.present(charge, true);
  }

  /** One of the caller's immediate charges: a due-date charge is a `cobv`, not found here. */
  private async immediate(clientId: string, txid: string): Promise<MerchantCharge> {
    const charge = TXID.test(txid) ? await this.charges.byTxid(clientId, txid) : null;
    if (!charge || charge.dueDate) throw new DomainError('CASH_IN_NOT_FOUND', 'Cobrança não encontrada para o txid informado.');
    return charge;
  }

  private present(charge: MerchantCharge, complete: boolean) {
    return presentCob(charge, this.config.pixQrBaseUrl, complete);
  }
}
