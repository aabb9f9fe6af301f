import { existsSync, readFileSync } from 'node:fs';
import { ParticipantDirectory, type Participant } from '../application/participant-directory.js';
import { decodeParticipantFile, parsePixParticipantList } from './pix-participant-list.parser.js';

/**
 * The Central Bank's Pix participant list, read once from the CSV shipped in `data/`. This
 * service's own ISPB is answered with its configured name when the list does not carry it.
 */
export class CsvParticipantDirectory extends ParticipantDirectory {
  private readonly byIspb: ReadonlyMap<string, Participant>;

  constructor(
    private readonly participants: readonly Participant[],
    private readonly self: Participant,
  ) {
    super();
    this.byIspb = new Map(participants.map((p) => [p.ispb, p]));
  }

  /** Reads and parses `file` (an absolute path); a missing or unreadable list stops the start-up. */
  static load(file: string, self: { ispb: string; name: string }): CsvParticipantDirectory {
    if (!existsSync(file)) throw new Error(`Pix participant list not found at ${file} (see PARTICIPANTS_FILE)`);
    const participants = parsePixParticipantList(decodeParticipantFile(readFileSync(file)));
    return new CsvParticipantDirectory(participants, { ispb: self.ispb, name: self.name, shortName: self.name, providesAccounts: true });
  }

  find(ispb: string): Participant | null {
    return this.byIspb.get(ispb) ?? (ispb === this.self.ispb ? this.self : null);
  }

  /** The list's participants in file order (alphabetical by short name); this service is not among them. */
  all(): readonly Participant[] {
    return this.participants;
  }
}
