import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { GetLimitsUseCase } from '../../application/get-limits.use-case.js';
import { LIMIT_PERIODS, LIMIT_TYPES } from '../../domain/limit-kinds.js';
import type { LimitSheet } from '../../domain/limit-sheet.value-object.js';
import { LIMITS_TIME_ZONE } from '../../domain/limit-windows.js';
import { LimitsQuery } from './limit-request.request.js';
import { LimitsResponse, type CapDto, type LimitsByTypeDto, type TypeLimitsDto } from './limits.response.js';

function presentSheet(sheet: LimitSheet): TypeLimitsDto {
  const caps = LIMIT_PERIODS.map((period): [string, CapDto] => {
    const s = sheet.status(period);
    return [period, { limit: s.limit.toFixed2(), used: s.used.toFixed2(), available: s.available.toFixed2() }];
  });
  return Object.fromEntries(caps) as unknown as TypeLimitsDto;
}

@ApiTags('Limits')
@Controller('api/v1/pix/limits')
export class LimitsController {
  constructor(private readonly getLimits: GetLimitsUseCase) {}

  @Get()
  @ClientEndpoint('pix:limits:read')
  @ApiOperation({
    operationId: 'getLimits',
    summary: 'Caps, usage and room left per limit type and period of one of your accounts',
    description:
      'For `pix_out`, `pix_in`, `ted` and `boleto`: the daytime (06:00-20:00), nighttime (20:00-06:00), daily and monthly caps, each as `{limit, used, available}`, in São Paulo time; `pix_out` counts cash-outs and P2P transfers. Without `account_id`, your default account.',
  })
  @ApiOkResponse({ type: LimitsResponse })
  @ApiErrors('ACCOUNT_NOT_FOUND')
  async get(@CurrentPrincipal() p: Principal, @Query() q: LimitsQuery): Promise<LimitsResponse> {
    const view = await this.getLimits.execute(p.id, q.account_id);
    const limits = Object.fromEntries(LIMIT_TYPES.map((t) => [t, presentSheet(view.sheets[t])])) as unknown as LimitsByTypeDto;
    return {
      success: true,
      account_id: view.accountId,
      limits,
      period: { daytime: '06:00-20:00', nighttime: '20:00-06:00', current: view.current, time_zone: LIMITS_TIME_ZONE },
      currency: 'BRL',
    };
  }
}
