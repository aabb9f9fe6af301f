import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Omittable } from '../../../../shared/http/omittable.decorator.js';

/**
 * The bodies of `PUT|POST /cob` (`CobSolicitada`) and `PATCH /cob/{txid}` (`CobRevisada`) of
 * docs/reference/api-pix-2.9.0.yaml, field for field. What a field may hold beyond its schema (a CPF's check
 * digits, an expiry's bound) is checked by the charge's own rules (cob.command.ts).
 */
export class CalendarioRequest {
  @Omittable()
  @IsInt()
  @Min(1, { message: 'é igual ou menor que zero' })
  @Max(2_147_483_647)
  expiracao?: number;
}

export class DevedorRequest {
  @Omittable()
  @IsString()
  @Matches(/^\d{11}$/, { message: 'não respeita o _schema_ (11 dígitos)' })
  cpf?: string;

  @Omittable()
  @IsString()
  @Matches(/^[0-9A-Z]{14}$/, { message: 'não respeita o _schema_ (14 dígitos ou letras maiúsculas)' })
  cnpj?: string;

  @IsString()
  @Length(1, 200)
  nome: string;
}

/**
 * `PayloadLocationCob`: the caller's location (`POST /loc`) to issue the charge at. The schema requires `tipoCob`
 * beside `id`; left out it is taken as the charge's own type (docs/adr/0238-api-pix-locations-are-the-clients-own.md).
 */
export class LocRequest {
  @IsInt()
  id: number;

  @Omittable()
  @IsIn(['cob', 'cobv'])
  tipoCob?: 'cob' | 'cobv';
}

export class ValorRequest {
  @IsString()
  @Matches(/^\d{1,10}\.\d{2}$/, { message: 'não respeita o _schema_ (\\d{1,10}\\.\\d{2})' })
  original: string;

  @Omittable()
  @IsInt()
  @IsIn([0, 1])
  modalidadeAlteracao?: number;

  /** Pix Saque/Troco: accepted by the schema, refused by cob.command.ts this round (docs/api-pix.md). */
  @Omittable()
  @IsObject()
  retirada?: Record<string, unknown>;
}

export class InfoAdicionalRequest {
  @IsString()
  @Length(1, 50)
  nome: string;

  @IsString()
  @Length(1, 200)
  valor: string;
}

/** What every charge body of API Pix may carry beside its terms (`cob` and `cobv`, created or revised). */
export class ChargeBodyFields {
  @Omittable()
  @ValidateNested()
  @Type(() => LocRequest)
  loc?: LocRequest;

  @Omittable()
  @IsString()
  @MaxLength(140)
  solicitacaoPagador?: string;

  @Omittable()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => InfoAdicionalRequest)
  infoAdicionais?: InfoAdicionalRequest[];
}

/** Fields both `cob` bodies share. */
class CobFields extends ChargeBodyFields {
  @Omittable()
  @ValidateNested()
  @Type(() => DevedorRequest)
  devedor?: DevedorRequest;
}

/** `CobSolicitada`: `calendario`, `valor` and `chave` required. */
export class CobRequest extends CobFields {
  // ValidateNested passes an absent object: IsDefined makes the spec's `required` hold (a 400, not a 500).
  @IsDefined()
  @ValidateNested()
  @Type(() => CalendarioRequest)
  calendario: CalendarioRequest;

  @IsDefined()
  @ValidateNested()
  @Type(() => ValorRequest)
  valor: ValorRequest;

  @IsString()
  @Length(1, 77)
  chave: string;
}

/** `CobRevisada`: every field optional; `status` only to remove the charge. */
export class CobRevisionRequest extends CobFields {
  @Omittable()
  @ValidateNested()
  @Type(() => CalendarioRequest)
  calendario?: CalendarioRequest;

  @Omittable()
  @ValidateNested()
  @Type(() => ValorRequest)
  valor?: ValorRequest;

  @Omittable()
  @IsString()
  @Length(1, 77)
  chave?: string;

  @Omittable()
  @IsIn(['REMOVIDA_PELO_USUARIO_RECEBEDOR'])
  status?: 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
}
