import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#contract/coupons';
import { ErrorCode } from '#contract/errors';
import { ZOfflineKit, ZSyncRequest, ZSyncResponse } from '#contract/offline';
import { COUPON_EXPIRED, REDEEM_REFUSED } from '#contract/redeem-texts';
import { RedemptionErrorCode, ZRedeemedToday, ZRedeemResponse, ZScannedCoupon } from '#contract/redemption';
import { DomainError } from '../../domain/domain-error.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import type { PartnerAccess } from '../partners/partner-access.ts';
import { requireOwnUsername, requireRole, ZPathUsername } from '../users/caller.ts';
import type { OfflineRedemptionService } from './offline.service.ts';
import type { Redeemer } from './redeemer.ts';
import type { RedemptionService } from './redemption.service.ts';
import { type RedemptionRefusal, redeemRefusals } from './texts.ts';

const ZQrToken = z.string().trim().min(1).max(200);

const refuse = (code: RedemptionRefusal) => new DomainError<RedemptionRefusal>(code);
/** What the guards of a redeem refuse with: an attempt not allowed, still written down. */
const NOT_ALLOWED: readonly string[] = [
  ErrorCode.forbidden,
  'redeem_in_own_name_only' satisfies RedemptionRefusal,
];

export const redemptionRoutes: FastifyPluginAsyncZod<{
  redemption: RedemptionService;
  offline: OfflineRedemptionService;
  access: PartnerAccess;
}> = async (app, { redemption, offline, access }) => {
  const redeemerOf = async (caller: { id: number; role(): Promise<string> }): Promise<Redeemer> => {
    const isAdmin = (await caller.role()) === 'admin';
    return { id: caller.id, isAdmin, partnerIds: isAdmin ? [] : await access.partnerIdsOf(caller.id) };
  };

  app.get(
    '/api/coupon/scan/:qrToken',
    {
      preValidation: requireRole('partner', 'staff', 'admin'),
      schema: { params: z.object({ qrToken: ZQrToken }), response: { 200: ZScannedCoupon } },
    },
    async (request) => {
      const scanned = await redemption.scan(await redeemerOf(request.caller), request.params.qrToken);
      if (!scanned) throw refuse('coupon_not_found');
      if (scanned === 'foreign') throw refuse('other_company_coupon');
      return scanned;
    },
  );

  app.post(
    '/api/coupon/apply/:qrToken/:partnerUsername',
    {
      config: { rateLimit: RATE_LIMITS.redeem },
      preValidation: [
        requireRole('partner', 'staff', 'admin'),
        requireOwnUsername('partnerUsername', 'redeem_in_own_name_only' satisfies RedemptionRefusal),
      ],
      // The guards above refuse before the handler runs: the attempt is still written down.
      onError: async (request, _reply, error) => {
        const qrToken = (request.params as { qrToken?: string }).qrToken?.trim();
        if (error instanceof DomainError && NOT_ALLOWED.includes(error.code) && request.caller && qrToken) {
          await redemption
            .recordNotAllowed(request.caller.id, qrToken.slice(0, ZQrToken.maxLength ?? 200))
            .catch((err) => request.log.error({ err }, 'a refused redeem attempt was not recorded'));
        }
      },
      schema: {
        params: z.object({ qrToken: ZQrToken, partnerUsername: ZPathUsername }),
        response: { 200: ZRedeemResponse },
      },
    },
    async (request, reply) => {
      const done = await redemption.redeem({
        token: request.params.qrToken,
        redeemer: await redeemerOf(request.caller),
      });
      if (done.outcome === 'redeemed') return sendJsonText(reply, '');
      const text = done.result === 'EXPIRED' ? COUPON_EXPIRED : REDEEM_REFUSED;
      return sendJsonText(reply, text, redeemRefusals[done.result]);
    },
  );

  app.get(
    '/api/redemption/today',
    {
      preValidation: requireRole('partner', 'staff', 'admin'),
      schema: { response: { 200: ZRedeemedToday } },
    },
    async (request) => redemption.redeemedToday(await redeemerOf(request.caller)),
  );

  app.get(
    '/api/redemption/offline-kit',
    { preValidation: requireRole('partner', 'staff', 'admin'), schema: { response: { 200: ZOfflineKit } } },
    async (request) => offline.kit(await redeemerOf(request.caller)),
  );

  app.post(
    '/api/redemption/sync',
    {
      preValidation: requireRole('partner', 'staff', 'admin'),
      schema: { body: ZSyncRequest, response: { 200: ZSyncResponse } },
    },
    async (request) => offline.sync(await redeemerOf(request.caller), request.body.redemptions),
  );

  app.post(
    '/api/coupon/undo/:qrToken',
    {
      preValidation: requireRole('partner', 'staff', 'admin'),
      schema: { params: z.object({ qrToken: ZQrToken }), response: { 200: ZOkResponse } },
    },
    async (request, reply) => {
      if (!(await redemption.undo(await redeemerOf(request.caller), request.params.qrToken))) {
        throw refuse(RedemptionErrorCode.undoRefused);
      }
      return sendJsonText(reply, 'ok');
    },
  );
};
