import { createTransport } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link to stop the mails: in List-Unsubscribe, which a mail client's «Отписаться» posts to. */
  stopUrl?: string;
  /** The QR, shown inline by the HTML's `cid:` reference. */
  image?: { cid: string; fileName: string; png: Buffer };
}

/** A send slower than this is abandoned and tried again later. */
const SEND_TIMEOUT_MS = 15_000;

/** Sends mail over SMTP with nodemailer: SMTP_URL, or the local stand-in's own mailbox. */
export function createMailer(options: { smtpUrl: string; from: string }) {
  const transport = createTransport({
    url: options.smtpUrl,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  return {
    async send(mail: Mail): Promise<void> {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.stopUrl
          ? {
              list: { unsubscribe: mail.stopUrl },
              // RFC 8058: the client posts to the link itself, without opening a page.
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
        attachments: mail.image
          ? [{ filename: mail.image.fileName, content: mail.image.png, cid: mail.image.cid }]
          : [],
      });
    },
    close: () => transport.close(),
  };
}

export type Mailer = ReturnType<typeof createMailer>;
