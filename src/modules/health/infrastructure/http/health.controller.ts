import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../../../../shared/http/api-docs.js';
import { RedisConnection } from '../../../../shared/redis/redis.provider.js';

export const SERVICE_NAME = 'instant-payments-service';

class HealthResponse {
  @ApiProperty({ example: 'healthy' }) status: string;
  @ApiProperty({ example: SERVICE_NAME }) service: string;
}

class ReadinessResponse {
  @ApiProperty({ example: 'ready', enum: ['ready', 'not_ready'] }) status: string;
  @ApiProperty({ example: { database: 'up', redis: 'up' } }) checks: Record<string, 'up' | 'down'>;
}

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly redis: RedisConnection,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Liveness: the process serves requests' })
  @ApiOkResponse({ type: HealthResponse })
  live(): HealthResponse {
    return { status: 'healthy', service: SERVICE_NAME };
  }

  @Get('ready')
  @Public()
  @ApiOperation({ summary: 'Readiness: PostgreSQL and Redis answer' })
  @ApiOkResponse({ type: ReadinessResponse })
  @ApiServiceUnavailableResponse({ type: ReadinessResponse })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessResponse> {
    const [db, redis] = await Promise.allSettled([
      withTimeout(this.dataSource.query('SELECT 1'), 2000),
      withTimeout(this.redis.client.ping(), 2000),
    ]);
    const checks = {
      database: db.status === 'fulfilled' ? 'up' : 'down',
      redis: redis.status === 'fulfilled' ? 'up' : 'down',
    } as const;
    const ok = checks.database === 'up' && checks.redis === 'up';
    if (!ok) res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ready' : 'not_ready', checks };
  }
}
