import { Controller, Get, Header, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { Public } from '../auth/auth.decorators.js';
import { MetricsToken } from './metrics-token.js';
import { PrometheusMetrics } from './prometheus-metrics.js';

/**
 * `GET /metrics`: the Prometheus text exposition of this process's registry. No client token (scrapers
 * have none); METRICS_TOKEN, when set, is asked for instead. Mounted only when METRICS_ENABLED; left out of
 * the OpenAPI document, which describes the client API.
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  private readonly token: MetricsToken | null;

  constructor(
    private readonly metrics: PrometheusMetrics,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.token = config.metricsToken ? new MetricsToken(config.metricsToken) : null;
  }

  @Get()
  @Public()
  @Header('Cache-Control', 'no-store')
  async scrape(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    this.token?.assert(req.header('authorization'));
    const body = await this.metrics.scrape();
    res.setHeader('Content-Type', this.metrics.registry.contentType);
    return body;
  }
}
