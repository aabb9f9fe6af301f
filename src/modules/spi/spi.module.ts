import { Module } from '@nestjs/common';
import { bindByProvider } from '../../config/pix-provider.js';
import { SpiGateway } from './application/spi-gateway.js';
import { SpiSettlement } from './application/spi-settlement.js';
import { SandboxSpiAdapter } from './infrastructure/sandbox/sandbox-spi.adapter.js';

/**
 * The instant payment system (SPI): its port, the adapter of the configured PIX_PROVIDER, and the one
 * settlement protocol that cash-outs, reversals and MED returns each implement a `SettlementSubject` for.
 * It imports none of them: they depend on it.
 */
@Module({
  providers: [...bindByProvider(SpiGateway, { sandbox: SandboxSpiAdapter }), SpiSettlement],
  exports: [SpiGateway, SpiSettlement],
})
export class SpiModule {}
