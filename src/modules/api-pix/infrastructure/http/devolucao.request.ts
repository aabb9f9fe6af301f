import { IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { IsPrintableText } from '../../../../shared/http/is-printable-text.validator.js';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';

/** spec, DevolucaoNatureza: every value the schema names (the service accepts ORIGINAL and RETIRADA from a client). */
export const NATUREZAS = ['ORIGINAL', 'RETIRADA', 'MED_OPERACIONAL', 'MED_FRAUDE', 'MED_PIX_AUTOMATICO'] as const;
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
