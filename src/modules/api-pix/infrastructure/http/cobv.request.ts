import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsCalendarDate } from '../../../../shared/http/is-date-time.validator.js';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';
import { ChargeBodyFields, DevedorRequest } from './cob.request.js';

/** spec, `valorPerc` and `original`: `\d{1,10}\.\d{2}` (anchored: meant for the whole value). */
const VALOR = /^\d{1,10}\.\d{2}$/;
const VALOR_ISSUE = { message: 'não respeita o _schema_ (\\d{1,10}\\.\\d{2})' };

/**
 * The bodies of `PUT /cobv/{txid}` (`CobVSolicitada`) and `PATCH /cobv/{txid}` (`CobVRevisada`) of
 * docs/reference/api-pix-2.9.0.yaml, field for field. What a field may hold beyond its schema (a modality the
 * service does not offer, the terms' own rules) is checked by cobv.command.ts and the charge's rules.
 */
export class CobVCalendarioRequest {
  @IsCalendarDate({ message: 'não respeita o _schema_ (YYYY-MM-DD)' })
  dataDeVencimento: string;

  @Omittable()
  @IsInt()
  @Min(0, { message: 'é menor do que zero' })
  @Max(2_147_483_647)
  validadeAposVencimento?: number;
}

/** `DadosDevedor`: `cob`'s debtor (a CPF or a CNPJ with a name) and the optional address and e-mail. */
export class CobVDevedorRequest extends DevedorRequest {
  @Omittable()
  @IsString()
  @IsEmail()
  @MaxLength(200)
  email?: string;

  @Omittable()
  @IsString()
  @Length(1, 200)
  logradouro?: string;

  @Omittable()
  @IsString()
  @Length(1, 200)
  cidade?: string;

  @Omittable()
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'não respeita o _schema_ (duas letras maiúsculas)' })
  uf?: string;

  @Omittable()
  @IsString()
  @Matches(/^\d{8}$/, { message: 'não respeita o _schema_ (8 dígitos)' })
  cep?: string;
}

/** `multa` and `abatimento`: modality 1 (fixed) or 2 (percent). */
export class ModalidadeFixaOuPercentualRequest {
  @IsInt()
  @IsIn([1, 2])
  modalidade: number;

  @IsString()
  @Matches(VALOR, VALOR_ISSUE)
  valorPerc: string;
}

/** `juros`: the spec's modalities 1 to 8 (5 to 8, business days, are refused by cobv.command.ts). */
export class JurosRequest {
  @IsInt()
  @Min(1)
  @Max(8)
  modalidade: number;

  @IsString()
  @Matches(VALOR, VALOR_ISSUE)
  valorPerc: string;
}

export class DescontoDataFixaRequest {
  @IsCalendarDate({ message: 'não respeita o _schema_ (YYYY-MM-DD)' })
  data: string;

  @IsString()
  @Matches(VALOR, VALOR_ISSUE)
  valorPerc: string;
}

/** `desconto`: modalities 1-2 with `descontoDataFixa` (1 to 3), 3-6 with `valorPerc` (never both: cobv.command.ts). */
export class DescontoRequest {
  @IsInt()
  @Min(1)
  @Max(6)
  modalidade: number;

  @Omittable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @ValidateNested({ each: true })
  @Type(() => DescontoDataFixaRequest)
  descontoDataFixa?: DescontoDataFixaRequest[];

  @Omittable()
  @IsString()
  @Matches(VALOR, VALOR_ISSUE)
  valorPerc?: string;
}

export class CobVValorRequest {
  @IsString()
  @Matches(VALOR, VALOR_ISSUE)
  original: string;

  @Omittable()
  @ValidateNested()
  @Type(() => ModalidadeFixaOuPercentualRequest)
  multa?: ModalidadeFixaOuPercentualRequest;

  @Omittable()
  @ValidateNested()
  @Type(() => JurosRequest)
  juros?: JurosRequest;

  @Omittable()
  @ValidateNested()
  @Type(() => ModalidadeFixaOuPercentualRequest)
  abatimento?: ModalidadeFixaOuPercentualRequest;

  @Omittable()
  @ValidateNested()
  @Type(() => DescontoRequest)
  desconto?: DescontoRequest;
}

/** Fields both `cobv` bodies share: those of every charge body. */
class CobVFields extends ChargeBodyFields {}

/** `CobVSolicitada`: `calendario`, `devedor`, `valor` and `chave` required. */
export class CobVRequest extends CobVFields {
  @IsDefined({ message: 'é obrigatório' })
  @ValidateNested()
  @Type(() => CobVCalendarioRequest)
  calendario: CobVCalendarioRequest;

  @IsDefined({ message: 'é obrigatório' })
  @ValidateNested()
  @Type(() => CobVDevedorRequest)
  devedor: CobVDevedorRequest;

  @IsDefined({ message: 'é obrigatório' })
  @ValidateNested()
  @Type(() => CobVValorRequest)
  valor: CobVValorRequest;

  @IsString()
  @Length(1, 77)
  chave: string;
}

/** `CobVRevisada`: every field optional; `status` only to remove the charge. */
export class CobVRevisionRequest extends CobVFields {
  @Omittable()
  @ValidateNested()
  @Type(() => CobVCalendarioRequest)
  calendario?: CobVCalendarioRequest;

  @Omittable()
  @ValidateNested()
  @Type(() => CobVDevedorRequest)
  devedor?: CobVDevedorRequest;

  @Omittable()
  @ValidateNested()
  @Type(() => CobVValorRequest)
  valor?: CobVValorRequest;

  @Omittable()
  @IsString()
  @Length(1, 77)
  chave?: string;

  @Omittable()
  @IsIn(['REMOVIDA_PELO_USUARIO_RECEBEDOR'])
  status?: 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
}
