import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDbId } from '#contract/ids';
import { ZStartPaymentRequest } from '#contract/privacy';
import {
  PurchaseErrorCode,
  ZConfirmPurchaseRequest,
  ZConfirmPurchaseResponse,
  ZStartPaymentResponse,
} from '#contract/purchases';
import { DomainError } from '../../domain/domain-error.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import type { Admission } from '../offers/offers.api.ts';
import type { PrivacyService, StoredConsent } from '../privacy/privacy.service.ts';
import { requireOwnUsername, ZPathUsername } from '../users/caller.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { requireChatMember, requirePayingMember } from '../users/require-chat-member.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { PurchaseRefusal } from './texts.ts';

/**
 * A coupon is confirmed, shown and gifted by its owner's username (SPEC §3): without one, a paid
 * coupon could never reach its buyer, so the payment is not even started.
 */
async function requireUsername(request: FastifyRequest) {
  if (!request.caller.username) {
    throw new DomainError<PurchaseRefusal>(PurchaseErrorCode.noUsername, {
      messenger: request.caller.messenger,
    });
  }
}

/** Buying, for a caller with valid init data. */
export const purchasesRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutService;
  membership: MembershipService;
  privacy: Pick<PrivacyService, 'requireConsent'>;
}> = async (app, { checkout, membership, privacy }) => {
  const chatMember = requireChatMember(membership);

  /** The offer gate's word on each press let on, for its start to take its turn by. */
  const admissions = new WeakMap<FastifyRequest, Admission>();

  /** The buyer's consent and e-mail as the consent check read them, for the start to go on from. */
  const consents = new WeakMap<FastifyRequest, StoredConsent>();

  async function requireConsent(request: FastifyRequest) {
    consents.set(request, await privacy.requireConsent(request.caller.id, request.caller.row));
  }

  /** The offer gate's word on a press; the place it holds is given on when the answer has gone. */
  async function admit(request: FastifyRequest, reply: FastifyReply) {
    // Before validation the id is the path's text: one that is not an id is refused by the schema.
    const couponId = ZDbId.safeParse((request.params as { couponId?: unknown }).couponId);
    if (!couponId.success) return;
    const admission = await checkout.admit(couponId.data, () => request.raw.destroyed);
    admissions.set(request, admission);
    // A caller gone while the press waited has closed the answer already: no 'close' is coming.
    if (reply.raw.closed) admission.leave();
    else reply.raw.once('close', admission.leave);
  }

  app.post(
    '/api/payments/:couponId',
    {
      // A limited offer's sale not started or sold out first, before the rate limit's count and the
      // start's own reads (offers/gate.ts): at a drop most presses end there, told from what the
      // process knows. A press let on holds one of the offer's places until its answer is sent.
      // Then consent: a refusal for it asks Telegram nothing and writes nothing.
      onRequest: [requireUsername, admit],
      config: { rateLimit: RATE_LIMITS.startPayment },
      // Membership as Telegram says it lately: an old «member» is not trusted for money.
      preHandler: [requireConsent, requirePayingMember(membership)],
      schema: {
        params: z.object({ couponId: ZDbId }),
        body: ZStartPaymentRequest,
        response: { 200: ZStartPaymentResponse },
      },
    },
    async (request) => {
      const admission = admissions.get(request);
      // admit's onRequest returns without one only for an id the schema has refused by now.
      if (!admission) throw new Error('a payment start the offer gate never saw');
      return checkout.startPayment(request.caller.id, request.params.couponId, admission, {
        email: request.body?.email,
        consent: consents.get(request),
      });
    },
  );

  app.post(
    '/api/coupons/buy/:couponId/:username',
    {
      preValidation: requireOwnUsername('username', 'confirm_own_payment_only' satisfies PurchaseRefusal),
      preHandler: chatMember,
      schema: {
        params: z.object({ couponId: ZDbId, username: ZPathUsername }),
        body: ZConfirmPurchaseRequest,
        response: { 200: ZConfirmPurchaseResponse },
      },
    },
    async (request) =>
      checkout.confirmPurchase(request.caller.id, request.params.couponId, request.body?.paymentId),
  );
};
