import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, loadConfig } from './app.config.js';

/** Makes the typed configuration injectable everywhere, including async module factories. */
@Global()
@Module({
  providers: [{ provide: APP_CONFIG, useFactory: () => loadConfig() }],
  exports: [APP_CONFIG],
})
export class ConfigModule {}
