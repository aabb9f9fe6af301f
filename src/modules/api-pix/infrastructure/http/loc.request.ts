import { IsIn } from 'class-validator';

/** The body of `POST /loc` (`PayloadLocationSolicitada` of docs/reference/api-pix-2.9.0.yaml). */
export class PayloadLocationRequest {
  @IsIn(['cob', 'cobv'], { message: 'não respeita o _schema_ (cob ou cobv)' })
  tipoCob!: 'cob' | 'cobv';
}
