/**
 * The answers of a location that serves no payload (docs/reference/api-pix-2.9.0.yaml, tag `CobPayload` in the
 * error section): RFC 7807 problem details with the type URIs of the spec's examples. 404 when the location
 * shows no charge, 410 when it showed one that will never be payable again, 400 when the charge exists but the
 * request is invalid (docs/adr/0207-payload-location-errors.md).
 */
export const COB_PAYLOAD_NOT_FOUND = 'https://pix.bcb.gov.br/api/v2/error/CobPayloadNaoEncontrado';
export const COB_PAYLOAD_INVALID = 'https://pix.bcb.gov.br/api/v2/error/CobPayloadOperacaoInvalida';

export interface Problem {
  type: string;
  title: string;
  status: 400 | 404 | 410;
  detail: string;
}

export class LocationProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
    this.name = 'LocationProblem';
  }

  /** No charge is shown at this location (none ever was, or not of this kind). */
  static notFound(): LocationProblem {
    return new LocationProblem({
      type: COB_PAYLOAD_NOT_FOUND,
      title: 'Cobrança não encontrada.',
      status: 404,
      detail: 'A cobrança em questão não foi encontrada para a location requisitada.',
    });
  }

  /** The charge was shown here, and never will be payable again (paid, cancelled or expired). */
  static gone(why: 'paid' | 'cancelled' | 'expired'): LocationProblem {
    const state = { paid: 'concluída (paga)', cancelled: 'removida pelo usuário recebedor', expired: 'expirada' }[why];
    return new LocationProblem({
      type: COB_PAYLOAD_NOT_FOUND,
      title: 'Cobrança não encontrada.',
      status: 410,
      detail: `A cobrança desta location está ${state} e não pode mais ser paga.`,
    });
  }

  /** The charge exists but the request is not valid (a violation of the spec's list, in `detail`). */
  static invalid(detail: string): LocationProblem {
    return new LocationProblem({ type: COB_PAYLOAD_INVALID, title: 'Operação inválida.', status: 400, detail });
  }
}
