import { Controller, Get, HttpStatus, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator, type HealthCheckResult } from '@nestjs/terminus';
import type { Response } from 'express';
import { Public } from '../../../../shared/http/api-docs.js';
import { RedisConnection } from '../../../../shared/redis/redis.provider.js';

export const SERVICE_NAME = 'instant-payments-service';

/** How long one dependency may take to answer before readiness calls it down. */
const CHECK_TIMEOUT_MS = 2000;

class HealthResponse {
  @ApiProperty({ example: 'healthy' }) status: string;
  @ApiProperty({ example: SERVICE_NAME }) service: string;
}

class ReadinessResponse {
  @ApiProperty({ example: 'ready', enum: ['ready', 'not_ready'] }) status: string;
  @ApiProperty({ example: { database: 'up', redis: 'up' } }) checks: Record<string, 'up' | 'down'>;
}

/**
 * Liveness and readiness on @nestjs/terminus: Terminus runs the indicators (each with its timeout) and
 * this controller keeps the service's documented answer shape (`{status, service}` and
 * `{status, checks}`) rather than Terminus' own `{status, info, error, details}`.
 */
@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly redis: RedisConnection,
  ) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Liveness: the process serves requests',
    description:
      'Answers 200 while the process serves HTTP; no dependency is checked (a process whose database is down is alive). ' +
      'For container liveness probes.',
  })
  @ApiOkResponse({ type: HealthResponse })
  async live(): Promise<HealthResponse> {
    // No dependency is checked: a process whose database is down is alive (it answers 503 on /ready).
    await this.health.check([]);
    return { status: 'healthy', service: SERVICE_NAME };
  }

  @Get('ready')
  @Public()
  @ApiOperation({
    summary: 'Readiness: PostgreSQL and Redis answer',
    description:
      'Pings PostgreSQL and Redis (2 s each): 200 `ready` when both answer, else 503 `not_ready` with the failing one ' +
      '`down`. For load-balancer readiness probes.',
  })
  @ApiOkResponse({ type: ReadinessResponse })
  @ApiServiceUnavailableResponse({ type: ReadinessResponse, example: { status: 'not_ready', checks: { database: 'up', redis: 'down' } } })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessResponse> {
    const result = await this.runChecks();
    const checks = {
      database: result.details.database?.status === 'up' ? 'up' : 'down',
      redis: result.details.redis?.status === 'up' ? 'up' : 'down',
    } as const;
    const ok = result.status === 'ok' && checks.database === 'up' && checks.redis === 'up';
    if (!ok) res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ready' : 'not_ready', checks };
  }

  /** Terminus answers a failed check by throwing 503 with the same result as its response. */
  private async runChecks(): Promise<HealthCheckResult> {
    try {
      return await this.health.check([
        () => this.database.pingCheck('database').withTimeout(CHECK_TIMEOUT_MS),
        () =>
          this.indicators
            .check('redis')
            .attempt(async () => {
              await this.redis.client.ping();
            })
            .withTimeout(CHECK_TIMEOUT_MS),
      ]);
    } catch (err) {
      if (err instanceof ServiceUnavailableException) return err.getResponse() as HealthCheckResult;
      throw err;
    }
  }
}
