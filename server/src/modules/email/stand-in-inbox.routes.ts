import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmailErrorCode, type TStandInInbox, ZStandInInbox } from '#contract/email';
import { ZStandInChatQuery, ZStandInUserParams } from '#contract/stand-in-chat';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import type { LocalMailbox } from './local-mailbox.ts';
import type { EmailRefusal } from './texts.ts';

/** A read with `since` waits this long for a new mail, as «Чат с ботом» waits for a message. */
const WAIT_MS = 25_000;

/**
 * The local stand-in's «Почта»: the mails its own mail server caught for a person (to the address
 * they gave, or the one they confirmed before), newest first, and their inline images. Only in the
 * stand-in, where nothing is really mailed.
 */
export const standInInboxRoutes: FastifyPluginAsyncZod<{ db: Db; mailbox: LocalMailbox }> = async (
  app,
  { db, mailbox },
) => {
  let version = 0;
  mailbox.onMail(() => {
    version += 1;
  });

  async function mailsOf(userId: number) {
    const [row] = await db
      .select({ email: users.email, confirmed: users.emailConfirmed })
      .from(users)
      .where(eq(users.id, userId));
    const addresses = [row?.email, row?.confirmed].filter((address): address is string => !!address);
    return addresses.length > 0 ? mailbox.mails(addresses) : [];
  }

  app.get(
    '/api/dev/mail/:userId',
    {
      schema: {
        params: ZStandInUserParams,
        querystring: ZStandInChatQuery,
        response: { 200: ZStandInInbox },
      },
    },
    async (request): Promise<TStandInInbox> => {
      const { userId } = request.params;
      if (request.query.since === version) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, WAIT_MS);
          const unsubscribe = mailbox.onMail(done);
          request.raw.once('close', done);
          function done() {
            clearTimeout(timer);
            unsubscribe();
            resolve();
          }
        });
      }
      return {
        version,
        mails: (await mailsOf(userId)).map((mail) => ({
          id: mail.id,
          at: mail.at.toISOString(),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          imageUrls: mail.images.map((_, n) => `/api/dev/mail/${userId}/${mail.id}/images/${n}`),
        })),
      };
    },
  );

  app.get(
    '/api/dev/mail/:userId/:mailId/images/:n',
    {
      schema: {
        params: ZStandInUserParams.extend({ mailId: z.coerce.number().int(), n: z.coerce.number().int() }),
      },
    },
    async (request, reply) => {
      const { userId, mailId, n } = request.params;
      const image = (await mailsOf(userId)).find((mail) => mail.id === mailId)?.images[n];
      if (!image) throw new DomainError<EmailRefusal>(EmailErrorCode.mailNotFound);
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, max-age=86400')
        .send(image.content);
    },
  );
};
