/** One Pix participant from the Central Bank's list. */
export interface Participant {
  ispb: string;
  name: string;
  shortName: string;
  /** False for participants that hold no accounts (initiators, special settlers); absent means unknown. */
  providesAccounts?: boolean;
}

/** Port to the Central Bank's list of Pix participants (shipped as data in the repo). */
export abstract class ParticipantDirectory {
  abstract find(ispb: string): Participant | null;
  /** Every participant, in a stable order (the sandbox picks deterministic ones from it). */
  abstract all(): readonly Participant[];
}
