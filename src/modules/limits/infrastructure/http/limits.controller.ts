import { Body, Controller, Get, HttpCode, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { ApiErrors, ClientEndpoint } from '../../../../shared/http/api-docs.js';
import { GetLimitsUseCase } from '../../application/get-limits.use-case.js';
import { SetNighttimeStartUseCase } from '../../application/set-nighttime-start.use-case.js';
import { LIMIT_PERIODS, LIMIT_TYPES } from '../../domain/limit-kinds.js';
import type { LimitSheet } from '../../domain/limit-sheet.value-object.js';
import { LIMITS_TIME_ZONE, periodsOf } from '../../domain/limit-windows.js';
import { LimitsQuery, SetNighttimeStartBody } from './limit-request.request.js';
import { LimitsResponse, NighttimeStartResponse, type CapDto, type LimitsByTypeDto, type TypeLimitsDto } from './limits.response.js';

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
  constructor(
    private readonly getLimits: GetLimitsUseCase,
    private readonly setNighttimeStart: SetNighttimeStartUseCase,
  ) {}

  @Get()
  @ClientEndpoint('pix:limits:read')
  @ApiOperation({
    operationId: 'getLimits',
    summary: 'Caps, usage and room left per limit type and period of one of your accounts',
    description:
      'For `pix_out`, `pix_in`, `ted` and `boleto`: the daytime (06:00-20:00), nighttime (20:00-06:00; 06:00-22:00 and 22:00-06:00 when you chose the nighttime to start at 22:00, `period.nighttime_start`), daily and monthly caps, each as `{limit, used, available}`, in São Paulo time; `pix_out` counts cash-outs and P2P transfers. Without `account_id`, your default account.',
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
      period: {
        ...periodsOf(view.nighttime.inForce),
        current: view.current,
        time_zone: LIMITS_TIME_ZONE,
        nighttime_start: view.nighttime.inForce,
        next_nighttime_start: view.nighttime.next
          ? { nighttime_start: view.nighttime.next.start, effective_at: view.nighttime.next.effectiveAt.toISOString() }
          : null,
      },
      currency: 'BRL',
    };
  }

  @Put('nighttime-start')
  @HttpCode(200)
  @ClientEndpoint('pix:limits:write')
  @ApiOperation({
    operationId: 'setNighttimeStart',
    summary: 'Choose when the nighttime starts: 20:00 (the default) or 22:00',
    description:
      'Resolução BCB nº 1/2020 as amended by nº 142/2021. The change applies at a 06:00, so no window is split: back to 20:00 at the next 06:00; to 22:00 (a longer day under the daytime cap, a raise) at the first 06:00 at least 24 h after the request. Asking for the start in force applies at once and drops a change still waiting. `GET /api/v1/pix/limits` shows it in `period`.',
  })
  @ApiOkResponse({ type: NighttimeStartResponse })
  @ApiErrors('ACCOUNT_NOT_FOUND')
  async putNighttimeStart(@CurrentPrincipal() p: Principal, @Body() body: SetNighttimeStartBody): Promise<NighttimeStartResponse> {
    const r = await this.setNighttimeStart.execute(p.id, body.nighttime_start, body.account_id);
    return {
      success: true,
      account_id: r.accountId,
      current_nighttime_start: r.inForce,
      nighttime_start: r.nighttimeStart,
      effective_at: r.effectiveAt.toISOString(),
    };
  }
}
