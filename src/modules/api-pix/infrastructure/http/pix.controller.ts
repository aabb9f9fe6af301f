import { Body, Controller, Get, HttpCode, Param, Put, Req, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import { ApiPixAuth } from './api-pix-auth.decorator.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import type { ClientRefundCode } from '../../../../shared/domain/refund-code.js';
import { maskDocument } from '../../../../shared/domain/tax-id.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { Money } from '../../../../shared/money/money.js';
import { MerchantRefunds } from '../../../reversals/application/merchant-refunds.js';
import { TransactionsService, type ReceivedPix } from '../../../transactions/application/transactions.service.js';
import { ApiPixExceptionFilter } from './api-pix-exception.filter.js';
import { ApiPixQuery } from './api-pix-query.js';
import { DevolucaoRequest, type Natureza } from './devolucao.request.js';
import { DEVOLUCAO_ID, presentDevolucao, presentPix, refundNameOf, reversalIdOf } from './pix.presenter.js';

/** spec, EndToEndId: 32 letters and digits (anchored). */
const E2EID = /^[a-zA-Z0-9]{32}$/;
/** The refund code a `natureza` goes out with (spec, DevolucaoNatureza; docs/adr/0234-api-pix-devolucao-over-the-reversals.md). */
const CODE_OF_NATUREZA: Record<Natureza, ClientRefundCode> = { ORIGINAL: 'MD06', RETIRADA: 'SL02' };

/** Where a refusal's field sits in API Pix's words (`devolucao.valor`), whichever layer named it. */
export function devolucaoProperty(field: string): string {
  const named: Record<string, string> = {
    valor: 'devolucao.valor',
    amount: 'devolucao.valor',
    natureza: 'devolucao.natureza',
    refund_code: 'devolucao.natureza',
    descricao: 'devolucao.descricao',
    customer_message: 'devolucao.descricao',
    external_id: 'id',
    end_to_end_id: 'e2eid',
  };
  return named[field] ?? field;
}

type Query = Record<string, unknown>;

/**
 * API Pix `pix` (received Pix) and `devolucao` (their refunds) over the service's own received payments and
 * reversals (docs/api-pix.md; docs/adr/0233-api-pix-pix-is-a-received-payment.md,
 * docs/adr/0234-api-pix-devolucao-over-the-reversals.md). Its contract is docs/reference/api-pix-2.9.0.yaml.
 */
@ApiExcludeController()
@UseFilters(new ApiPixExceptionFilter('pix', devolucaoProperty))
@Controller('api-pix/v2/pix')
export class PixController {
  constructor(
    private readonly transactions: TransactionsService,
    private readonly refunds: MerchantRefunds,
  ) {}

  @Get()
  @ApiPixAuth('pix.read')
  async list(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    // The query as sent, read here: its names (`paginacao.paginaAtual`) are API Pix's, checked by listQuery.
    const asked = listQuery(req.query as Query);
    const { items, total } = await this.transactions.listReceived({
      clientId: p.id,
      from: asked.inicio,
      to: asked.fim,
      ...(asked.txid !== undefined ? { txid: asked.txid } : {}),
      ...(asked.txIdPresente !== undefined ? { withTxid: asked.txIdPresente } : {}),
      ...(asked.devolucaoPresente !== undefined ? { refunded: asked.devolucaoPresente } : {}),
      ...(asked.documento !== undefined ? { payerDocuments: [asked.documento, maskDocument(asked.documento)] } : {}),
      limit: asked.itensPorPagina,
      offset: asked.paginaAtual * asked.itensPorPagina,
    });
    const refunds = await this.refunds.ofPayments(
      p.id,
      items.map((i) => i.endToEndId),
    );
    return {
      parametros: {
        inicio: asked.inicio.toISOString(),
        fim: asked.fim.toISOString(),
        ...(asked.txid !== undefined ? { txid: asked.txid } : {}),
        ...(asked.txIdPresente !== undefined ? { txIdPresente: asked.txIdPresente } : {}),
        ...(asked.devolucaoPresente !== undefined ? { devolucaoPresente: asked.devolucaoPresente } : {}),
        ...(asked.cpf !== undefined ? { cpf: asked.cpf } : {}),
        ...(asked.cnpj !== undefined ? { cnpj: asked.cnpj } : {}),
        paginacao: {
          paginaAtual: asked.paginaAtual,
          itensPorPagina: asked.itensPorPagina,
          quantidadeDePaginas: Math.max(1, Math.ceil(total / asked.itensPorPagina)),
          quantidadeTotalDeItens: total,
        },
      },
      pix: items.map((i) => presentPix(i, refunds.get(i.endToEndId) ?? [])),
    };
  }

  @Get(':e2eid')
  @ApiPixAuth('pix.read')
  async get(@CurrentPrincipal() p: Principal, @Param('e2eid') e2eid: string) {
    const received = await this.received(p.id, e2eid);
    const refunds = await this.refunds.ofPayments(p.id, [received.endToEndId]);
    return presentPix(received, refunds.get(received.endToEndId) ?? []);
  }

  @Put(':e2eid/devolucao/:id')
  @HttpCode(201)
  @ApiPixAuth('pix.write')
  async refund(@CurrentPrincipal() p: Principal, @Param('e2eid') e2eid: string, @Param('id') id: string, @Body() body: DevolucaoRequest) {
    const problems: { field: string; issue: string }[] = [];
    if (!DEVOLUCAO_ID.test(id)) problems.push({ field: 'id', issue: 'não respeita o _schema_ ([a-zA-Z0-9]{1,35})' });
    if (/^0+\.00$/.test(body.valor)) problems.push({ field: 'valor', issue: 'é zero' });
    // spec, DevolucaoNatureza: "Na ausência deste campo a natureza deve ser interpretada como sendo de um Pix comum (ORIGINAL)".
    const refundCode = CODE_OF_NATUREZA[body.natureza ?? 'ORIGINAL'];
    if (problems.length > 0) throw new DomainError('VALIDATION_ERROR', `${problems[0]!.field} ${problems[0]!.issue}`, problems);
    if (!E2EID.test(e2eid)) throw new DomainError('ORIGINAL_PAYMENT_NOT_FOUND', 'Pix não encontrado para o e2eid informado.');
    const made = await this.refunds.refund({
      clientId: p.id,
      endToEndId: e2eid,
      externalId: refundNameOf(e2eid, id),
      amount: Money.of(body.valor),
      refundCode,
      customerMessage: body.descricao ?? null,
    });
    return presentDevolucao(made);
  }

  @Get(':e2eid/devolucao/:id')
  @ApiPixAuth('pix.read')
  async getRefund(@CurrentPrincipal() p: Principal, @Param('e2eid') e2eid: string, @Param('id') id: string) {
    if (!E2EID.test(e2eid) || !DEVOLUCAO_ID.test(id)) {
      throw new DomainError('REVERSAL_NOT_FOUND', 'Devolução não encontrada para o e2eid e o id informados.');
    }
    // Its API Pix name first; then a refund of the client API by its external_id, or by its id (pix.presenter.ts).
    return presentDevolucao(await this.refunds.find(p.id, e2eid, [refundNameOf(e2eid, id), id], reversalIdOf(id)));
  }

  /** One of the caller's received payments (`cash_in` or `p2p_in`): another client's, or none, is PixNaoEncontrado. */
  private async received(clientId: string, e2eid: string): Promise<ReceivedPix> {
    const found = E2EID.test(e2eid) ? await this.transactions.received(clientId, e2eid) : null;
    if (!found) throw new DomainError('ORIGINAL_PAYMENT_NOT_FOUND', 'Pix não encontrado para o e2eid informado.');
    return found;
  }
}

interface ListQuery {
  inicio: Date;
  fim: Date;
  txid?: string;
  txIdPresente?: boolean;
  devolucaoPresente?: boolean;
  cpf?: string;
  cnpj?: string;
  documento?: string;
  paginaAtual: number;
  itensPorPagina: number;
}

/** `GET /pix`'s query as the spec states it, refused as `PixConsultaInvalida` naming each parameter at fault. */
export function listQuery(raw: Query): ListQuery {
  const q = new ApiPixQuery(raw, ['inicio', 'fim', 'txid', 'txIdPresente', 'devolucaoPresente', 'cpf', 'cnpj']);
  const { inicio, fim } = q.period(true);
  const txid = q.matching('txid', /^[a-zA-Z0-9]{1,35}$/, 'de 1 a 35 letras e dígitos');
  const txIdPresente = q.flag('txIdPresente');
  const devolucaoPresente = q.flag('devolucaoPresente');
  const { cpf, cnpj } = q.document();
  const { paginaAtual, itensPorPagina } = q.page();
  q.done('pix');
  return {
    inicio: new Date(inicio!),
    fim: new Date(fim!),
    ...(txid !== undefined ? { txid } : {}),
    ...(txIdPresente !== undefined ? { txIdPresente } : {}),
    ...(devolucaoPresente !== undefined ? { devolucaoPresente } : {}),
    ...(cpf !== undefined ? { cpf, documento: cpf } : {}),
    ...(cnpj !== undefined ? { cnpj, documento: cnpj } : {}),
    paginaAtual,
    itensPorPagina,
  };
}
