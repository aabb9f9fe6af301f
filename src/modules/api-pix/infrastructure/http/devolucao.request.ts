import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { IsPrintableText } from '../../../../shared/http/is-printable-text.validator.js';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';

/**
 * spec, DevolucaoSolicitadaNatureza: what a receiving user may ask for, ORIGINAL (MD06) or RETIRADA (SL02); the
 * MED natures of a stored `Devolucao` are the institution's own (docs/adr/0218-refund-codes-clients-may-send.md).
 */
export const NATUREZAS = ['ORIGINAL', 'RETIRADA'] as const;
export type Natureza = (typeof NATUREZAS)[number];

/** The body of `PUT /pix/{e2eid}/devolucao/{id}` (`DevolucaoSolicitada` of docs/reference/api-pix-2.9.0.yaml), field for field. */
export class DevolucaoRequest {
  @IsString()
  @Matches(/^\d{1,10}\.\d{2}$/, { message: 'não respeita o _schema_ (\\d{1,10}\\.\\d{2})' })
  valor: string;

  @Omittable()
  @IsIn(NATUREZAS, { message: `não respeita o _schema_ (${NATUREZAS.join(', ')})` })
  natureza?: Natureza;

  @Omittable()
  @IsString()
  @MaxLength(140, { message: 'tem mais de 140 caracteres' })
  @IsPrintableText()
  descricao?: string;
}
