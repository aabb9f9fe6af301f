import { DomainError } from '../../../shared/errors/domain-error.js';
import type { ParticipantDirectory } from './participant-directory.js';

/**
 * The institution the sandbox's simulated payer banks at unless a simulation names another: the ISPB its
 * end-to-end ids always carried, `00000000`, which the participant list gives to Banco do Brasil
 * (docs/adr/0225-the-payer-on-every-credit.md).
 */
export const SANDBOX_PAYER_ISPB = '00000000';

/** The name the sandbox's simulated payer goes by unless a simulation names one. */
export const SANDBOX_PAYER_NAME = 'Sandbox Payer';

/** A payer from another institution as its payment brought them. */
export interface ExternalPayer {
  name: string | null;
  document: string | null;
  ispb: string;
}

/** The payer of a credit from another institution as the receiver's transaction records them. */
export interface ExternalPayerRecord {
  name: string | null;
  /** Whole, as their institution sent it: a return (reversal, MED) is addressed with it; shown masked. */
  document: string | null;
  bank: { ispb: string; participant_name: string | null };
}

/**
 * The record of a payer from another institution: their institution by ISPB and by the name the participant
 * list gives it now, kept with the payment so a later list does not change it; an ISPB the list lacks (a
 * participant newer than the shipped list) is recorded with no name, not refused.
 */
export function externalPayerRecord(payer: ExternalPayer, participants: ParticipantDirectory): ExternalPayerRecord {
  return {
    name: payer.name,
    document: payer.document,
    bank: { ispb: payer.ispb, participant_name: participants.find(payer.ispb)?.name ?? null },
  };
}

/**
 * The sandbox's simulated payer from another institution (docs/conventions.md §11): the name, document and
 * ISPB a simulation gave, else its defaults. This institution's own ISPB is refused: a payment from a client
 * of ours is made on-us, by a cash-out, never simulated.
 */
export function sandboxPayer(
  given: { name?: string; document?: string; ispb?: string } | undefined,
  ownIspb: string,
  participants: ParticipantDirectory,
): ExternalPayerRecord {
  const ispb = given?.ispb ?? SANDBOX_PAYER_ISPB;
  if (ispb === ownIspb) {
    throw new DomainError('VALIDATION_ERROR', "payer.ispb must be another institution's: this one's payments are made on-us", [
      { field: 'payer.ispb', issue: 'is this institution (PSP_ISPB)' },
    ]);
  }
  return externalPayerRecord({ name: given?.name ?? SANDBOX_PAYER_NAME, document: given?.document ?? null, ispb }, participants);
}
