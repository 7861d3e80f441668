import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMyCouponsResponse } from '#contract/purchases';
import { DomainError } from '../../domain/domain-error.ts';
import type { QrImages } from '../purchased-coupons/qr-images.ts';
import { pathSubject, ZPathUsername } from '../users/caller.ts';
import type { UserService } from '../users/users.service.ts';
import type { MyCouponsService } from './my-coupons.service.ts';
import type { MyCouponsRefusal } from './texts.ts';

/** My QR: the coupons a person holds, and each one's QR image. */
export const myCouponsRoutes: FastifyPluginAsyncZod<{
  myCoupons: MyCouponsService;
  qrImages: Pick<QrImages, 'pngOf'>;
  users: UserService;
}> = async (app, { myCoupons, qrImages, users }) => {
  app.get(
    '/api/coupon/valid/qr/customer/:username',
    {
      schema: {
        params: z.object({ username: ZPathUsername }),
        response: { 200: ZMyCouponsResponse, 304: z.undefined() },
      },
    },
    async (request, reply) => {
      const ownerId = (await pathSubject(request, request.params.username, users))?.id;
      if (ownerId === undefined) throw new DomainError<MyCouponsRefusal>('owner_not_found');

      const { tag, list } = await myCoupons.ownCoupons(ownerId);
      reply.header('etag', tag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === tag) return reply.status(304).send(undefined);
      return list();
    },
  );

  app.get(
    '/api/coupon/qr/:qrToken',
    { schema: { params: z.object({ qrToken: z.string().trim().min(1).max(200) }) } },
    async (request, reply) => {
      const coupon = await myCoupons.couponByQrToken(request.params.qrToken);
      // Its owner's, or an admin's (who may open anyone's My QR); to anyone else it does not exist.
      const mayView =
        coupon && (coupon.ownerId === request.caller.id || (await request.caller.role()) === 'admin');
      if (!coupon || !mayView) throw new DomainError<MyCouponsRefusal>('qr_not_found');
      // One token, one image for good: the browser keeps it, for this user only.
      return reply
        .type('image/png')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(await qrImages.pngOf(coupon));
    },
  );
};
