import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../../http/errors.ts';
import { escapeHtml, paymentPage } from '../../payments/pages.ts';
import { isYooKassaSender } from '../../payments/yookassa-senders.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import type { PurchaseService } from './purchases.service.ts';

const ZPaymentParams = z.object({ paymentId: z.uuid() });
/** A payment's events name the payment; a refund's name its payment in `payment_id`. */
const ZYooKassaNotification = z.object({
  type: z.literal('notification'),
  event: z.string(),
  object: z.object({
    id: z.string().min(1).max(100),
    payment_id: z.string().min(1).max(100).optional(),
  }),
});

const RETURN_TO_TELEGRAM =
  '<p class="hint">Вернитесь в Telegram и ответьте «Да» на вопрос «Оплата прошла?».</p>';

/**
 * Routes other parties call without init data: the sandbox checkout (a browser, outside the
 * mini-app), YooKassa's webhook and its return page.
 */
export const paymentPagesRoutes: FastifyPluginAsyncZod<{
  purchases: PurchaseService;
  provider: 'sandbox' | 'link' | 'yookassa';
  /** Refuse notifications from anywhere but YooKassa's published addresses. */
  yookassaSendersOnly: boolean;
}> = async (app, { purchases, provider, yookassaSendersOnly }) => {
  app.get('/api/payments/return', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(paymentPage('Спасибо!', RETURN_TO_TELEGRAM)),
  );

  if (provider === 'yookassa') {
    app.post(
      '/api/payments/webhook/yookassa',
      {
        config: { csrf: false, rateLimit: RATE_LIMITS.providerNotification },
        schema: { body: ZYooKassaNotification },
        // Before the body is read: a stranger's notification costs no parsing and no call to YooKassa.
        onRequest: async (request) => {
          if (yookassaSendersOnly && !isYooKassaSender(request.ip)) {
            request.log.warn({ ip: request.ip }, 'webhook: notification from an address not YooKassa’s');
            throw forbidden('Уведомления принимаются только от ЮKassa');
          }
        },
      },
      async (request, reply) => {
        const { object } = request.body;
        try {
          await purchases.settleByProviderId(object.payment_id ?? object.id);
        } catch (error) {
          // A mismatch is ours to look into; answering an error would only make YooKassa repeat it.
          if (!(error instanceof AppError) || error.code === 'provider_unavailable') throw error;
          request.log.warn(
            { err: error, payment: object.payment_id ?? object.id },
            'webhook: payment not issued',
          );
        }
        return reply.status(200).send({ ok: true });
      },
    );
  }

  if (provider !== 'sandbox') return;

  // The checkout's buttons are plain HTML forms; their bodies carry nothing we read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );

  app.get(
    '/api/payments/sandbox/:paymentId',
    { schema: { params: ZPaymentParams } },
    async (request, reply) => {
      const payment = await purchases.getSandboxPayment(request.params.paymentId);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!payment)
        return reply.status(404).send(paymentPage('Платеж не найден', '<p>Такого платежа нет.</p>'));
      const summary = `<div class="card"><div>${escapeHtml(payment.companyName)}</div>
      <div class="hint">Купон на скидку ${payment.discount} руб</div>
      <div class="amount">${payment.amount} ₽</div></div>`;
      if (payment.status === 'SUCCEEDED') {
        return paymentPage('Оплата прошла', `${summary}${RETURN_TO_TELEGRAM}`);
      }
      if (payment.status === 'CANCELED') {
        return paymentPage(
          'Оплата отменена',
          `${summary}<p class="hint">Вернитесь в Telegram, чтобы попробовать снова.</p>`,
        );
      }
      const action = `/api/payments/sandbox/${payment.id}`;
      return paymentPage(
        'Тестовая оплата',
        `${summary}<p class="hint">Это тестовая касса: деньги не списываются.</p>
      <form method="post" action="${action}/pay"><button class="pay" type="submit">Оплатить</button></form>
      <form method="post" action="${action}/cancel"><button class="cancel" type="submit">Отменить</button></form>`,
      );
    },
  );

  for (const [path, outcome] of [
    ['pay', 'SUCCEEDED'],
    ['cancel', 'CANCELED'],
  ] as const) {
    app.post(
      `/api/payments/sandbox/:paymentId/${path}`,
      { config: { csrf: false }, schema: { params: ZPaymentParams } },
      async (request, reply) => {
        await purchases.settleSandbox(request.params.paymentId, outcome);
        return reply.redirect(`/api/payments/sandbox/${request.params.paymentId}`, 303);
      },
    );
  }
};
