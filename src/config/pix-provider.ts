import type { Abstract, Provider, Type } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type PIX_PROVIDERS } from './app.config.js';

export type PixProvider = (typeof PIX_PROVIDERS)[number];

/**
 * Binds a port to the adapter of the configured PIX_PROVIDER (loadConfig refuses an unknown one), so a
 * sandbox adapter is never bound under another provider. Every provider must name an adapter.
 */
export function bindByProvider<T>(port: Abstract<T>, adapters: Record<PixProvider, Type<T>>): Provider[] {
  const types = Object.values(adapters) as Type<T>[];
  return [
    ...types,
    {
      provide: port,
      inject: [APP_CONFIG, ...types],
      useFactory: (config: AppConfig, ...instances: T[]) => instances[types.indexOf(adapters[config.pixProvider])],
    },
  ];
}
