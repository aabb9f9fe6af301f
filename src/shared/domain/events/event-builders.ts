import type { DomainEvent } from '../domain-event.js';
import { cashInCancelled, cashInCompleted, cashInExpired } from './cash-in.events.js';
import { cashOutCompleted, cashOutFailed, cashOutProcessing, cashOutQueued, cashOutReturned } from './cash-out.events.js';
import type { EventName } from './event-catalogue.js';
import { limitRequestApproved, limitRequestCreated, limitRequestExpired, limitRequestRejected } from './limit-request.events.js';
import { medApproved, medClosed, medInAnalysis, medOpened, medRejected } from './med.events.js';
import { p2pReceived, p2pSent } from './p2p.events.js';
import { reversalCompleted, reversalFailed, reversalQueued } from './reversal.events.js';
import { keyDeleted, keyRegistered } from './pix-key.events.js';

/**
 * The one builder of each event name. Every event is built by its builder (never as an object literal),
 * and this table fails to compile when a catalogue name has no builder or a builder returns another name.
 */
export const EVENT_BUILDERS = {
  'cash_out.queued': cashOutQueued,
  'cash_out.processing': cashOutProcessing,
  'cash_out.completed': cashOutCompleted,
  'cash_out.failed': cashOutFailed,
  'cash_out.returned': cashOutReturned,
  'cash_in.completed': cashInCompleted,
  'cash_in.cancelled': cashInCancelled,
  'cash_in.expired': cashInExpired,
  'p2p.sent': p2pSent,
  'p2p.received': p2pReceived,
  'reversal.queued': reversalQueued,
  'reversal.completed': reversalCompleted,
  'reversal.failed': reversalFailed,
  'key.registered': keyRegistered,
  'key.deleted': keyDeleted,
  'limit_request.created': limitRequestCreated,
  'limit_request.approved': limitRequestApproved,
  'limit_request.rejected': limitRequestRejected,
  'limit_request.expired': limitRequestExpired,
  'med.opened': medOpened,
  'med.in_analysis': medInAnalysis,
  'med.approved': medApproved,
  'med.rejected': medRejected,
  'med.closed': medClosed,
} as const satisfies { [N in EventName]: (...args: never[]) => DomainEvent<N> };
