import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#contract/coupons';
import {
  PRIVACY_POLICY_EDITION,
  ZCouponRemindersSetting,
  ZEraseRequest,
  ZMyData,
  ZPartnerOffersSetting,
  ZPrivacyInfo,
  ZQrPhotosSetting,
} from '#contract/privacy';
import { ReportErrorCode, ZExportLinkResponse } from '#contract/reports';
import type { Config } from '../../config.ts';
import { DomainError } from '../../domain/domain-error.ts';
import type { MessengerDocument } from '../../domain/messenger.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import { createSignedLinks } from '../../http/signed-links.ts';
import type { ReminderService } from '../reminders/reminders.service.ts';
import type { PrivacyService } from './privacy.service.ts';

const MY_DATA_FILE = 'moi-dannye.json';

const myDataLinks = (botToken: string) => createSignedLinks<{ userId: number }>(botToken, 'my-data-link');

/** The policy page's details: public, as the policy itself is. */
export const privacyInfoRoutes: FastifyPluginAsyncZod<{
  config: Config;
  privacy: PrivacyService;
  botToken: string;
}> = async (app, { config, privacy, botToken }) => {
  app.get('/api/privacy', { schema: { response: { 200: ZPrivacyInfo } } }, async () => ({
    edition: PRIVACY_POLICY_EDITION,
    operator: config.operator,
    geoRetentionDays: config.geoRetentionDays,
  }));

  const links = myDataLinks(botToken);
  app.get(
    '/api/me/data/file',
    { schema: { querystring: z.object({ token: z.string().max(2000) }) } },
    async (request, reply) => {
      const link = links.verify(request.query.token);
      if (!link) throw new DomainError(ReportErrorCode.exportLinkExpired);
      return reply
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${MY_DATA_FILE}"`)
        .header('Cache-Control', 'no-store')
        .send(JSON.stringify(await privacy.exportData(link.userId), null, 2));
    },
  );
};

/** The caller's own data: consent, a copy of everything held, and erasure (152-ФЗ). */
export const privacyRoutes: FastifyPluginAsyncZod<{
  privacy: PrivacyService;
  botToken: string;
  /** How a file reaches the person's chat with their messenger's bot; none where it sends no files. */
  documentSenderOf: (userId: number) => Promise<((document: MessengerDocument) => Promise<void>) | undefined>;
  reminders: Pick<ReminderService, 'setRemindersOn'>;
}> = async (app, { privacy, botToken, documentSenderOf, reminders }) => {
  const links = myDataLinks(botToken);

  app.post('/api/me/consent', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    await privacy.giveConsent(request.caller.id);
    return reply.status(204).send(null);
  });

  app.put(
    '/api/me/qr-photos',
    { schema: { body: ZQrPhotosSetting, response: { 204: z.null() } } },
    async (request, reply) => {
      await privacy.setQrPhotosInChat(request.caller.id, request.body.enabled);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/me/partner-offers',
    { schema: { body: ZPartnerOffersSetting, response: { 204: z.null() } } },
    async (request, reply) => {
      await privacy.setPartnerOffers(request.caller.id, request.body.enabled);
      return reply.status(204).send(null);
    },
  );

  app.get('/api/me/data', { schema: { response: { 200: ZMyData } } }, async (request) =>
    privacy.exportData(request.caller.id),
  );

  app.put(
    '/api/me/coupon-reminders',
    { schema: { body: ZCouponRemindersSetting, response: { 204: z.null() } } },
    async (request, reply) => {
      await reminders.setRemindersOn(request.caller.id, request.body.on);
      return reply.status(204).send(null);
    },
  );

  app.post('/api/me/data/link', { schema: { response: { 200: ZExportLinkResponse } } }, async (request) => ({
    url: `/api/me/data/file?${new URLSearchParams({ token: links.issue({ userId: request.caller.id }) })}`,
    fileName: MY_DATA_FILE,
  }));

  app.post(
    '/api/me/data/send',
    { config: { rateLimit: RATE_LIMITS.sendToBot }, schema: { response: { 200: ZOkResponse } } },
    async (request, reply) => {
      const send = await documentSenderOf(request.caller.id);
      if (!send) throw new DomainError(ReportErrorCode.botUnavailable);
      const data = JSON.stringify(await privacy.exportData(request.caller.id), null, 2);
      try {
        await send({ bytes: Buffer.from(data, 'utf8'), fileName: MY_DATA_FILE });
      } catch (err) {
        request.log.error({ err }, 'the bot could not send the user their data');
        throw new DomainError(ReportErrorCode.botUnavailable);
      }
      return sendJsonText(reply, 'ok');
    },
  );

  app.delete(
    '/api/me',
    { schema: { body: ZEraseRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      await privacy.erase(request.caller.id, request.body?.giveUpCoupons ?? false);
      return reply.status(204).send(null);
    },
  );
};
