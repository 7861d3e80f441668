import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PurchaseErrorCode } from '#contract/purchases';
import type { Config } from '../../config.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import { escapeHtml, paymentPage } from '../../payments/pages.ts';
import { isYooKassaSender } from '../../payments/yookassa-senders.ts';
import type { CheckoutService } from './checkout.service.ts';
import { paymentPageTexts as texts } from './texts.ts';

const ZPaymentParams = z.object({ paymentId: z.uuid() });

/** Refusals that end a notice's story: told to the log, answered 200 so it is not sent again. */
const SETTLED_WITHOUT_COUPON = new Set<string>([PurchaseErrorCode.amountMismatch, 'test_payment_ignored']);
/** A payment's events name the payment; a refund's name its payment in `payment_id`. */
const ZYooKassaNotification = z.object({
  type: z.literal('notification'),
  event: z.string(),
  object: z.object({
    id: z.string().min(1).max(100),
    payment_id: z.string().min(1).max(100).optional(),
  }),
});

/**
 * Routes other parties call without init data: the sandbox checkout (a browser, outside the
 * mini-app), YooKassa's webhook and its return page.
 */
export const paymentPagesRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutService;
  provider: Config['paymentProvider'];
  /** Refuse notifications from anywhere but YooKassa's published addresses. */
  yookassaSendersOnly: boolean;
  /** The messengers the app is opened from, by name («Telegram или MAX»): a page outside it names no one's. */
  messengerNames: string;
}> = async (app, { checkout, provider, yookassaSendersOnly, messengerNames }) => {
  const returnToMessenger = `<p class="hint">${texts.returnToMessenger(messengerNames)}</p>`;
  app.get('/api/payments/return', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(paymentPage(texts.thanks, returnToMessenger)),
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
            throw new DomainError('notification_sender_refused');
          }
        },
      },
      async (request, reply) => {
        const { event, object } = request.body;
        try {
          await checkout.settleByProviderId(object.payment_id ?? object.id, event);
        } catch (error) {
          // Ours to look into, not YooKassa's to repeat: answering an error would only make it send again.
          if (!(error instanceof DomainError && SETTLED_WITHOUT_COUPON.has(error.code))) throw error;
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
      const payment = await checkout.getSandboxPayment(request.params.paymentId);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!payment)
        return reply.status(404).send(paymentPage(texts.notFoundTitle, `<p>${texts.notFound}</p>`));
      const summary = `<div class="card"><div>${escapeHtml(payment.companyName)}</div>
      <div class="hint">${texts.couponFor(payment.discount)}</div>
      <div class="amount">${payment.amount} ₽</div></div>`;
      if (payment.status === 'SUCCEEDED') {
        return paymentPage(texts.succeeded, `${summary}${returnToMessenger}`);
      }
      if (payment.status === 'CANCELED') {
        return paymentPage(texts.canceled, `${summary}<p class="hint">${texts.tryAgain(messengerNames)}</p>`);
      }
      const action = `/api/payments/sandbox/${payment.id}`;
      return paymentPage(
        texts.sandboxTitle,
        `${summary}<p class="hint">${texts.sandboxHint}</p>
      <form method="post" action="${action}/pay"><button class="pay" type="submit">${texts.pay}</button></form>
      <form method="post" action="${action}/cancel"><button class="cancel" type="submit">${texts.cancel}</button></form>`,
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
        await checkout.settleSandbox(request.params.paymentId, outcome);
        return reply.redirect(`/api/payments/sandbox/${request.params.paymentId}`, 303);
      },
    );
  }
};
