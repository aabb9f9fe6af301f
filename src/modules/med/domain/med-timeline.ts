import { DomainError } from '../../../shared/errors/domain-error.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The regulation's MED timeline, as configured (docs/adr/0216-med-timelines-as-the-regulation-sets-them.md):
 * a claim may be opened up to `claimWindowDays` after the payment (80), the receiving institution answers
 * within `analysisDays` of the opening (7 calendar days), and the precautionary hold lasts at most
 * `blockHours` (72) unless an approval converts it.
 */
export interface MedTimeline {
  claimWindowDays: number;
  analysisDays: number;
  blockHours: number;
}

/** The regulation's numbers, the defaults of MED_CLAIM_WINDOW_DAYS, MED_ANALYSIS_DAYS and MED_BLOCK_HOURS. */
export const MED_TIMELINE_DEFAULTS: Readonly<MedTimeline> = { claimWindowDays: 80, analysisDays: 7, blockHours: 72 };

/** The last instant a claim may be opened against a payment received at `receivedAt` (inclusive). */
export function claimDeadline(receivedAt: Date, t: MedTimeline): Date {
  return new Date(receivedAt.getTime() + t.claimWindowDays * DAY_MS);
}

/** Refuses a claim opened after the claim window of the payment (MED_CLAIM_WINDOW_CLOSED, 400). */
export function assertClaimable(receivedAt: Date, now: Date, t: MedTimeline): void {
  if (now.getTime() > claimDeadline(receivedAt, t).getTime()) {
    throw new DomainError('MED_CLAIM_WINDOW_CLOSED', `A MED request can be opened up to ${t.claimWindowDays} days after the payment`, [
      { field: 'end_to_end_id', issue: `received more than ${t.claimWindowDays} days ago` },
    ]);
  }
}

/** The analysis deadline (`respond_by`): unanswered at this instant, the request is closed. */
export function analysisDeadline(openedAt: Date, t: MedTimeline): Date {
  return new Date(openedAt.getTime() + t.analysisDays * DAY_MS);
}

/** When the precautionary hold ends unless an answer came first: the request goes IN_ANALYSIS and the hold is released. */
export function holdDeadline(openedAt: Date, t: MedTimeline): Date {
  return new Date(openedAt.getTime() + t.blockHours * HOUR_MS);
}

/** Requests opened at or before this instant have outlived their hold at `now` (the sweep's cutoff). */
export function holdCutoff(now: Date, t: MedTimeline): Date {
  return new Date(now.getTime() - t.blockHours * HOUR_MS);
}
