import type { PixKeyType } from '../../../../shared/domain/pix-key.js';
import { createHash } from 'node:crypto';
import { cnpjWithCheckDigits, cpfWithCheckDigits, type PersonType } from '../../../../shared/domain/tax-id.js';
import type { Participant } from '../../../participants/application/participant-directory.js';
import type { DirectoryEntry } from '../../application/key-directory.js';

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Larissa',
  'Marcos',
  'Natália',
  'Otávio',
  'Paula',
  'Rafael',
  'Sofia',
  'Tiago',
  'Vanessa',
  'Wagner',
];
const SURNAMES = [
  'Almeida',
  'Barbosa',
  'Cardoso',
  'Costa',
  'Ferreira',
  'Gomes',
  'Lima',
  'Martins',
  'Oliveira',
  'Pereira',
  'Ribeiro',
  'Rocha',
  'Santos',
  'Silva',
  'Souza',
  'Teixeira',
];
const TRADES = [
  'Comércio de Alimentos',
  'Serviços Digitais',
  'Materiais de Construção',
  'Transportes',
  'Consultoria',
  'Confecções',
  'Tecnologia',
  'Distribuidora',
];
const COMPANY_SUFFIXES = ['Ltda', 'S.A.', 'ME', 'EIRELI'];

/** Pix went live on 2020-11-16: simulated keys were registered some day after it. */
const PIX_LAUNCH_MS = Date.UTC(2020, 10, 16, 12);
const REGISTRATION_SPAN_DAYS = 1800;

/** Digits from hash bytes; the first is forced off its neighbour so "000.000.000-00"-style documents never occur. */
function digitsFrom(bytes: Buffer, count: number): number[] {
  const digits = [...bytes.subarray(0, count)].map((b) => b % 10);
  if (digits.every((d) => d === digits[0])) digits[0] = (digits[0]! + 1) % 10;
  return digits;
}

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length]!;
}

/**
 * The account a valid key not held here points to in the sandbox: a pure function of the key value
 * (sha-256), so the same key always lands on the same participant, branch, account and holder.
 * CPF/CNPJ keys are their holder's document; other keys get a valid derived one (4 in 5 a person).
 */
export function simulatedExternalEntry(keyType: PixKeyType, keyValue: string, participants: readonly Participant[]): DirectoryEntry {
  if (participants.length === 0) throw new Error('no participant to simulate external accounts at');
  const h = createHash('sha256').update(keyValue, 'utf8').digest();
  const participant = pick(participants, h.readUInt32BE(0));
  const personType: PersonType =
    keyType === 'CPF' ? 'NATURAL_PERSON' : keyType === 'CNPJ' ? 'LEGAL_PERSON' : h[4]! < 205 ? 'NATURAL_PERSON' : 'LEGAL_PERSON';
  const document =
    keyType === 'CPF' || keyType === 'CNPJ'
      ? keyValue
      : personType === 'NATURAL_PERSON'
        ? cpfWithCheckDigits(digitsFrom(h.subarray(5), 9).join(''))
        : cnpjWithCheckDigits(`${digitsFrom(h.subarray(5), 8).join('')}0001`);
  const holderName =
    personType === 'NATURAL_PERSON'
      ? `${pick(FIRST_NAMES, h[14]!)} ${pick(SURNAMES, h[15]!)} ${pick(SURNAMES, h[16]!)}`
      : `${pick(SURNAMES, h[15]!)} ${pick(TRADES, h[17]!)} ${pick(COMPANY_SUFFIXES, h[18]!)}`;
  return {
    keyType,
    keyValue,
    ispb: participant.ispb,
    participantName: participant.name,
    branch: String((h.readUInt16BE(19) % 9999) + 1).padStart(4, '0'),
    accountNumber: String((h.readUInt32BE(21) % 90_000_000) + 10_000_000),
    accountType: 'CACC',
    holderName,
    holderDocument: document,
    personType,
    createdAt: new Date(PIX_LAUNCH_MS + (h.readUInt32BE(25) % REGISTRATION_SPAN_DAYS) * 86_400_000),
  };
}
