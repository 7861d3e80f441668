import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as its reader sees it: parsed back from what went over SMTP. */
export interface CaughtMail {
  /** In the order caught, from 1. */
  id: number;
  at: Date;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** Raw header lines by lower-case name: `list-unsubscribe`, `list-unsubscribe-post`. */
  headers: Record<string, string>;
  /** Inline images by their Content-ID (the QR), as the mail carried them. */
  images: { cid: string; contentType: string; content: Buffer }[];
}

const MAILS_KEPT = 500;

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((group) => group.value)
    .flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : []));

/**
 * A mail server of the project's own on loopback, which the local stand-in and the tests send to:
 * it takes every mail (any login, no TLS: nothing leaves the machine), reads it back with
 * mailparser and keeps the newest 500 in memory for «Почта» and for assertions.
 */
export async function startLocalMailbox() {
  const caught: CaughtMail[] = [];
  const listeners = new Set<() => void>();
  let nextId = 1;

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'local' }),
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          caught.push({
            id: nextId++,
            at: new Date(),
            from: mail.from?.text ?? '',
            to: addressesOf(mail.to),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: mail.html || null,
            headers: Object.fromEntries(
              mail.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()]),
            ),
            images: mail.attachments
              .filter((file) => file.cid)
              .map((file) => ({ cid: file.cid ?? '', contentType: file.contentType, content: file.content })),
          });
          if (caught.length > MAILS_KEPT) caught.shift();
          for (const listener of listeners) listener();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    /** What nodemailer is pointed at (SMTP_URL in a test). */
    url: `smtp://127.0.0.1:${port}`,
    /** Mails to any of `addresses` (case aside), newest first; every mail without them. */
    mails(addresses?: readonly string[]): CaughtMail[] {
      const wanted = addresses?.map((address) => address.toLowerCase());
      return caught.filter((mail) => !wanted || mail.to.some((to) => wanted.includes(to))).reverse();
    },
    /** Called once after each mail caught (the stand-in's inbox answers its waiting read). */
    onMail(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LocalMailbox = Awaited<ReturnType<typeof startLocalMailbox>>;
