import { DynamicModule, Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from '../shared/time/clock.js';
import { APP_CONFIG, type AppConfig } from './app.config.js';

/** Makes the typed configuration and the clock injectable everywhere, including async module factories. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig, clock: Clock = new SystemClock()): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: Clock, useValue: clock },
      ],
      exports: [APP_CONFIG, Clock],
    };
  }
}
