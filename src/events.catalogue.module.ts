import { Global, Module } from '@nestjs/common';
import { EVENT_CATALOGUE } from './events.catalogue.js';
import { EventCatalogue } from './shared/domain/events/event-catalogue.js';

/**
 * The composed event catalogue (src/events.catalogue.ts) for the modules that read it at run time
 * (webhooks: which names a subscription may list). Global, mounted by AppModule: a module must not import
 * the root, so it asks for the kernel's `EventCatalogue` and gets this one.
 */
@Global()
@Module({
  providers: [{ provide: EventCatalogue, useValue: EVENT_CATALOGUE }],
  exports: [EventCatalogue],
})
export class EventCatalogueModule {}
