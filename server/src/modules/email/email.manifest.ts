import { type Core, manifest } from '../manifest.ts';
import { createQrPhotos } from '../notifications/qr-photos.ts';
import type { QrImages } from '../purchased-coupons/qr-images.ts';
import { createEmailAddresses } from './addresses.service.ts';
import { emailRoutes } from './email.routes.ts';
import { emailLinkRoutes } from './email-links.routes.ts';
import { startLocalMailbox } from './local-mailbox.ts';
import { createMailFallback } from './mail-fallback.worker.ts';
import { createMailLinks } from './mail-links.ts';
import { createMailer } from './mailer.ts';
import { standInInboxRoutes } from './stand-in-inbox.routes.ts';
import { emailRefusals } from './texts.ts';

/**
 * The e-mail behind the bot: a buyer's confirmed address gets what the bot could not deliver in 15
 * minutes. SMTP_URL's server, or in the local stand-in a mail server of its own whose mails
 * «Почта» shows; off without either, or without an address for its links (PUBLIC_URL).
 */
export const emailManifest = manifest({
  name: 'email',
  refusals: emailRefusals,
  make: async ({
    config,
    db,
    log,
    timeZone,
    botToken,
    messengers,
    buttonsUrl,
    qrImages,
  }: Pick<Core, 'config' | 'db' | 'log' | 'timeZone' | 'botToken' | 'messengers' | 'buttonsUrl'> & {
    qrImages: QrImages;
  }) => {
    const links = createMailLinks({ botToken, baseUrl: buttonsUrl ?? '', messengers });
    const mailOn = config.mail !== null && buttonsUrl !== undefined;
    if (config.mail && !buttonsUrl)
      log.warn('SMTP_URL without PUBLIC_URL: mails need its links, nothing is mailed');
    const mailbox = mailOn && !config.mail?.smtpUrl ? await startLocalMailbox() : undefined;
    const smtpUrl = config.mail?.smtpUrl ?? mailbox?.url;
    const mailer =
      mailOn && config.mail && smtpUrl ? createMailer({ smtpUrl, from: config.mail.from }) : undefined;
    const addresses = createEmailAddresses({ db, mailer, links, log });
    const mailFallback = mailer
      ? createMailFallback({ db, mailer, links, qrPhotos: createQrPhotos({ db, qrImages, timeZone }), log })
      : undefined;
    return {
      gives: { mailFallback },
      openRoutes: async (app) => {
        await app.register(emailLinkRoutes, { addresses });
        if (mailbox) await app.register(standInInboxRoutes, { db, mailbox });
        // The mail server and the connections to it end with the app.
        app.addHook('onClose', async () => {
          mailer?.close();
          await mailbox?.close();
        });
      },
      routes: (api) => api.register(emailRoutes, { addresses }),
      start: mailFallback?.start,
      stop: mailFallback?.stop,
    };
  },
});
