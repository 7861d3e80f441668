import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EmailAddresses } from './addresses.service.ts';
import { CONFIRM_PATH, STOP_PATH } from './mail-links.ts';
import { linkPage, linkPages } from './texts.ts';

const ZTokenQuery = z.object({ token: z.string().max(2000) });

/**
 * The links a mail carries, opened in a browser without the app (or posted by a mail client's own
 * «Отписаться», RFC 8058): their signature is the proof, so no init data and no CSRF token.
 */
export const emailLinkRoutes: FastifyPluginAsyncZod<{ addresses: EmailAddresses }> = async (
  app,
  { addresses },
) => {
  // A one-click stop posts «List-Unsubscribe=One-Click» as a form; its body says nothing we need.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _body, done) =>
    done(null, null),
  );

  const page = (status: number, content: Parameters<typeof linkPage>[0]) => ({
    status,
    html: linkPage(content),
  });

  app.get(CONFIRM_PATH, { schema: { querystring: ZTokenQuery } }, async (request, reply) => {
    const confirmed = await addresses.confirm(request.query.token);
    const { status, html } =
      confirmed === undefined
        ? page(400, linkPages.invalid)
        : confirmed === 'outdated'
          ? page(409, linkPages.confirmOutdated)
          : page(200, linkPages.confirmed(confirmed));
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  });

  // Opening the link asks first: a mail scanner fetching every link must not stop anyone's mail.
  app.get(STOP_PATH, { schema: { querystring: ZTokenQuery } }, async (request, reply) => {
    const asked = await addresses.stopAsked(request.query.token);
    const { status, html } = asked ? page(200, linkPages.askStop(asked)) : page(400, linkPages.invalid);
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  });

  app.post(
    STOP_PATH,
    { config: { csrf: false }, schema: { querystring: ZTokenQuery } },
    async (request, reply) => {
      const stopped = await addresses.stop(request.query.token);
      const { status, html } = stopped ? page(200, linkPages.stopped(stopped)) : page(400, linkPages.invalid);
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);
    },
  );
};
