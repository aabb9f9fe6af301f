import { Body, Controller, Delete, Get, HttpCode, Param, Put, Query, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../../../shared/auth/auth.decorators.js';
import { ApiPixAuth } from './api-pix-auth.decorator.js';
import type { Principal } from '../../../../shared/auth/principal.js';
import { DomainError } from '../../../../shared/errors/domain-error.js';
import { ReceivingKeys } from '../../../keys/application/receiving-keys.service.js';
import { PixWebhooks, type PixWebhook } from '../../../webhooks/application/pix-webhooks.service.js';
import { ApiPixExceptionFilter } from './api-pix-exception.filter.js';
import { ApiPixQuery } from './api-pix-query.js';
import { webhookProperty, WebhookRequest } from './webhook.request.js';

/** spec: the path parameter `chave` is at most 77 characters. */
const CHAVE_MAX = 77;

/**
 * API Pix `webhook`: one callback URL per receiving key of the caller (docs/api-pix.md, "webhook";
 * docs/adr/0235-api-pix-webhooks-apart-on-the-same-machinery.md), kept by the webhooks module apart from the
 * Standard Webhooks subscriptions of `/api/v1/webhooks`. Its contract is docs/reference/api-pix-2.9.0.yaml.
 */
@ApiExcludeController()
@UseFilters(new ApiPixExceptionFilter('webhook', webhookProperty))
@Controller('api-pix/v2/webhook')
export class WebhookController {
  constructor(
    private readonly webhooks: PixWebhooks,
    private readonly keys: ReceivingKeys,
  ) {}

  /** Registers the URL for the key, or replaces it (200, no body, as the spec answers). */
  @Put(':chave')
  @HttpCode(200)
  @ApiPixAuth('webhook.write')
  async put(@CurrentPrincipal() p: Principal, @Param('chave') chave: string, @Body() body: WebhookRequest): Promise<void> {
    if (chave.length > CHAVE_MAX || !(await this.keys.ownActive(p.id, chave))) {
      throw new DomainError('PIX_KEY_NOT_REGISTERED', 'A chave não pertence a este usuário recebedor.');
    }
    await this.webhooks.register(p.id, chave, body.webhookUrl);
  }

  @Get(':chave')
  @ApiPixAuth('webhook.read')
  async get(@CurrentPrincipal() p: Principal, @Param('chave') chave: string) {
    const webhook = await this.webhooks.find(p.id, chave);
    if (!webhook) throw notFound();
    return present(webhook);
  }

  @Delete(':chave')
  @HttpCode(204)
  @ApiPixAuth('webhook.write')
  async delete(@CurrentPrincipal() p: Principal, @Param('chave') chave: string): Promise<void> {
    if (!(await this.webhooks.remove(p.id, chave))) throw notFound();
  }

  /** `WebhooksConsultados`: the caller's webhooks created in [inicio, fim], oldest first, a page at a time. */
  @Get()
  @ApiPixAuth('webhook.read')
  async list(@CurrentPrincipal() p: Principal, @Query() query: Record<string, unknown>) {
    const q = listQuery(query);
    const { items, total } = await this.webhooks.list(
      p.id,
      { from: q.inicio, to: q.fim },
      q.itensPorPagina,
      q.paginaAtual * q.itensPorPagina,
    );
    return {
      parametros: {
        ...(q.inicio ? { inicio: q.inicio.toISOString() } : {}),
        ...(q.fim ? { fim: q.fim.toISOString() } : {}),
        paginacao: {
          paginaAtual: q.paginaAtual,
          itensPorPagina: q.itensPorPagina,
          quantidadeDePaginas: Math.max(1, Math.ceil(total / q.itensPorPagina)),
          quantidadeTotalDeItens: total,
        },
      },
      webhooks: items.map(present),
    };
  }
}

function present(w: PixWebhook) {
  return { webhookUrl: w.url, chave: w.chave, criacao: w.createdAt.toISOString() };
}

function notFound(): DomainError {
  return new DomainError('WEBHOOK_NOT_FOUND', 'O webhook denotado por {chave} não encontra-se estabelecido.');
}

/** The list's query by the spec's rules (tag Webhook, `WebhookConsultaInvalida`): each violation named; `inicio` and `fim` optional. */
function listQuery(raw: Record<string, unknown>) {
  const q = new ApiPixQuery(raw, ['inicio', 'fim']);
  const { inicio, fim } = q.period(false);
  const { paginaAtual, itensPorPagina } = q.page();
  q.done('webhook');
  return { inicio: inicio ? new Date(inicio) : null, fim: fim ? new Date(fim) : null, paginaAtual, itensPorPagina };
}
