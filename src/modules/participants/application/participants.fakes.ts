import { ParticipantDirectory, type Participant } from './participant-directory.js';

/**
 * The participant list as given, for other modules' unit tests. This institution is found only if listed,
 * or when `self` names it (found by its ISPB, as the CSV adapter adds it, but not part of `all()`).
 */
export class ListedParticipants extends ParticipantDirectory {
  constructor(
    private readonly list: Participant[],
    private readonly self?: { ispb: string; name: string },
  ) {
    super();
  }

  find(ispb: string): Participant | null {
    const listed = this.list.find((p) => p.ispb === ispb);
    if (listed) return listed;
    return this.self?.ispb === ispb ? { ispb, name: this.self.name, shortName: this.self.name } : null;
  }

  all(): readonly Participant[] {
    return this.list;
  }
}
