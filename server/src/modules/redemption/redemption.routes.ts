import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#contract/coupons';
import { REDEEM_REFUSED, ZRedeemResponse, ZScannedCoupon } from '#contract/redemption';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { requireOwnUsername, requireRole, ZPathUsername } from '../../plugins/auth.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import type { RedeemResult, RedemptionService } from './redemption.service.ts';

const ZQrToken = z.string().trim().min(1).max(200);

const REFUSAL_STATUS: Record<Exclude<RedeemResult, 'REDEEMED' | 'UNDONE' | 'NOT_ALLOWED'>, number> = {
  UNKNOWN_TOKEN: 404,
  OTHER_COMPANY: 403,
  ALREADY_USED: 409,
  OWNER_NOT_MEMBER: 403,
};

export const redemptionRoutes: FastifyPluginAsyncZod<{ redemption: RedemptionService }> = async (
  app,
  { redemption },
) => {
  const redeemerOf = async (caller: { id: number; role(): Promise<string> }) => ({
    id: caller.id,
    isAdmin: (await caller.role()) === 'admin',
  });

  app.get(
    '/api/coupon/scan/:qrToken',
    {
      preValidation: requireRole('partner', 'admin'),
      schema: { params: z.object({ qrToken: ZQrToken }), response: { 200: ZScannedCoupon } },
    },
    async (request) => {
      const scanned = await redemption.scan(await redeemerOf(request.caller), request.params.qrToken);
      if (!scanned) throw notFound(REDEEM_REFUSED);
      if (scanned === 'foreign') throw forbidden('Это купон другого партнера: погасить его нельзя');
      return scanned;
    },
  );

  app.post(
    '/api/coupon/apply/:qrToken/:partnerUsername',
    {
      config: { rateLimit: RATE_LIMITS.redeem },
      preValidation: [
        requireRole('partner', 'admin'),
        requireOwnUsername('partnerUsername', 'Погасить купон можно только от своего имени'),
      ],
      // The guards above refuse before the handler runs: the attempt is still written down.
      onError: async (request, _reply, error) => {
        const qrToken = (request.params as { qrToken?: string }).qrToken?.trim();
        if (error instanceof AppError && error.statusCode === 403 && request.caller && qrToken) {
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
      const result = await redemption.redeem(await redeemerOf(request.caller), request.params.qrToken);
      if (result === 'REDEEMED') return sendJsonText(reply, '');
      return sendJsonText(reply, REDEEM_REFUSED, REFUSAL_STATUS[result as keyof typeof REFUSAL_STATUS]);
    },
  );

  app.post(
    '/api/coupon/undo/:qrToken',
    {
      preValidation: requireRole('partner', 'admin'),
      schema: { params: z.object({ qrToken: ZQrToken }), response: { 200: ZOkResponse } },
    },
    async (request, reply) => {
      if (!(await redemption.undo(await redeemerOf(request.caller), request.params.qrToken))) {
        throw new AppError(
          409,
          'undo_refused',
          'Отменить погашение нельзя: прошло больше 10 минут или купон погасили не вы',
        );
      }
      return sendJsonText(reply, 'ok');
    },
  );
};
