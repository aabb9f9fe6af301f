import type { Participant } from '../application/participant-directory.js';

const ACCOUNT_PROVIDER = 'Provedor de Conta Transacional';

/**
 * The bytes of a participant CSV as text. The repo's copy is UTF-8; BCB's own download is
 * Windows-1252, so a file that is not valid UTF-8 is read as that instead of being mangled.
 */
export function decodeParticipantFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function columnOf(header: string[], matches: (name: string) => boolean): number {
  return header.findIndex((cell) => matches(cell.trim()));
}

/**
 * Parses BCB's "lista-participantes-instituicoes-em-adesao-pix" CSV (`;`-separated, no quoting):
 * the active section only (it ends at the first blank line; the "joining" section after it cannot
 * receive Pix yet). Columns are found by header name so a reordered download still parses. Rows
 * without an 8-digit ISPB (payment initiators) are skipped: nothing can be addressed to them.
 */
export function parsePixParticipantList(text: string): Participant[] {
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((line) => {
    const cells = line.split(';').map((c) => c.trim());
    return cells.includes('ISPB') && cells.includes('Nome Reduzido');
  });
  if (headerAt < 0) throw new Error('Not a BCB Pix participant list: no header with "ISPB" and "Nome Reduzido"');
  const header = lines[headerAt]!.split(';');
  const ispbCol = columnOf(header, (n) => n === 'ISPB');
  const nameCol = columnOf(header, (n) => n === 'Nome Reduzido');
  const modalityCol = columnOf(header, (n) => n.startsWith('Modalidade'));

  const byIspb = new Map<string, Participant>();
  for (const line of lines.slice(headerAt + 1)) {
    if (line.trim() === '') break;
    const cells = line.split(';');
    const ispb = (cells[ispbCol] ?? '').trim();
    const name = (cells[nameCol] ?? '').trim();
    if (!/^\d{8}$/.test(ispb) || name === '' || byIspb.has(ispb)) continue;
    const participant: Participant = { ispb, name, shortName: name };
    if (modalityCol >= 0) participant.providesAccounts = (cells[modalityCol] ?? '').trim() === ACCOUNT_PROVIDER;
    byIspb.set(ispb, participant);
  }
  if (byIspb.size === 0) throw new Error('The Pix participant list has no participant with an ISPB');
  return [...byIspb.values()];
}
