import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Put, Query, UseFilters } from '@nestjs/common';
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
import { cobvProperty, createCobVCommand, reviseCobVCommand } from './cobv.command.js';
import { presentCobV } from './cobv.presenter.js';
import { CobVRequest, CobVRevisionRequest } from './cobv.request.js';

/** spec, TxId: 26 to 35 letters and digits (anchored: the spec's pattern is meant for the whole value). */
const TXID = /^[a-zA-Z0-9]{26,35}$/;

/**
 * API Pix `cobv` (due-date charges) over the service's own due-date charges (docs/api-pix.md, "cobv";
 * docs/adr/0232-cobv-over-the-same-charges.md): API Pix's modalities mapped onto the charge's DueDateTerms,
 * what the service cannot represent refused as `CobVOperacaoInvalida`. Its contract is
 * docs/reference/api-pix-2.9.0.yaml.
 */
@ApiExcludeController()
@UseFilters(new ApiPixExceptionFilter('cobv', cobvProperty))
@Controller('api-pix/v2/cobv')
export class CobVController {
  constructor(
    private readonly charges: MerchantCharges,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'pixQrBaseUrl' | 'pixMerchantCity'>,
  ) {}

  @Put(':txid')
  @HttpCode(201)
  @ApiPixAuth('cobv.write')
  async put(@CurrentPrincipal() p: Principal, @Param('txid') txid: string, @Body() body: CobVRequest) {
    if (!TXID.test(txid)) {
      throw new DomainError('VALIDATION_ERROR', 'txid', [{ field: 'cobv.txid', issue: 'não respeita o _schema_ ([a-zA-Z0-9]{26,35})' }]);
    }
    return this.present(await this.charges.create(createCobVCommand(body, p.id, txid)), false);
  }

  @Patch(':txid')
  @ApiPixAuth('cobv.write')
  async patch(@CurrentPrincipal() p: Principal, @Param('txid') txid: string, @Body() body: CobVRevisionRequest) {
    await this.dueDate(p.id, txid);
    const asked = reviseCobVCommand(body);
    const charge = asked.remove ? await this.charges.cancel(p.id, txid) : await this.charges.revise(p.id, txid, asked.changes);
    return this.present(charge, false);
  }

  @Get(':txid')
  @ApiPixAuth('cobv.read')
  async get(@CurrentPrincipal() p: Principal, @Param('txid') txid: string, @Query('revisao') revisao: unknown) {
    const charge = await this.dueDate(p.id, txid);
    // Only the current revision is kept (docs/adr/0229-cob-over-the-same-charges.md), as for cob.
    if (revisao !== undefined && (typeof revisao !== 'string' || !/^\d{1,9}$/.test(revisao) || Number(revisao) !== charge.revision)) {
      throw new ApiPixProblem(
        queryProblem('cobv', [
          {
            razao: `O parâmetro revisao corresponde a uma revisão inexistente ou não mantida; a revisão atual é ${charge.revision}.`,
            propriedade: 'revisao',
            valor: String(revisao),
          },
        ]),
      );
    }
    return this.present(charge, true);
  }

  /** `CobsVConsultadas`: the caller's due-date charges created between `inicio` and `fim`, newest first. */
  @Get()
  @ApiPixAuth('cobv.read')
  async list(@CurrentPrincipal() p: Principal, @Query() raw: Record<string, unknown>) {
    // No charge belongs to a batch (`lotecobv` is not offered): a `loteCobVId` matches none.
    const { query, params } = cobListQuery(raw, 'cobv', p.id, ['loteCobVId']);
    const { items, total } = query ? await this.charges.list(query) : { items: [], total: 0 };
    return { parametros: listParameters(params, total), cobs: items.map((c) => ({ ...this.present(c, true), idCob: c.id })) };
  }

  /** One of the caller's due-date charges: an immediate charge is a `cob`, not found here. */
  private async dueDate(clientId: string, txid: string): Promise<MerchantCharge> {
    const charge = TXID.test(txid) ? await this.charges.byTxid(clientId, txid) : null;
    if (!charge || !charge.dueDate)
      throw new DomainError('CASH_IN_NOT_FOUND', 'Cobrança com vencimento não encontrada para o txid informado.');
    return charge;
  }

  private present(charge: MerchantCharge, complete: boolean) {
    return presentCobV(charge, this.config, complete);
  }
}
