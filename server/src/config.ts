import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_REPORT_TIME_ZONE } from '#contract/time-zone';

const PAYMENT_PROVIDERS = ['sandbox', 'link', 'yookassa', 'telegram'] as const;
/** YooKassa's receipt item values (its API reference, «payment_subject», «payment_mode», «agent_type»). */
const PAYMENT_SUBJECTS = [
  'commodity',
  'job',
  'service',
  'payment',
  'agent_commission',
  'composite',
  'another',
] as const;
const PAYMENT_MODES = ['full_prepayment', 'partial_prepayment', 'advance', 'full_payment'] as const;
const AGENT_TYPES = [
  'banking_payment_agent',
  'banking_payment_subagent',
  'payment_agent',
  'payment_subagent',
  'attorney',
  'commission_agent',
  'another',
] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { message: 'expected 1 or 0' })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const optionalText = z.string().trim().optional();

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('ru-RU', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The names proxy-addr (Fastify's trustProxy) knows for whole ranges. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

const httpsUrl = z
  .url({ protocol: /^https$/, message: 'expected an https:// address' })
  .transform((v) => v.replace(/\/+$/, ''));

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ message: 'expected a port number' })
      .int('expected a port number')
      .min(0, 'expected a port number')
      .max(65535, 'expected a port number')
      .default(3000),
    HOST: optionalText,
    /** DATABASE_URL is a PgBouncer in transaction mode, which refuses a connection's startup settings. */
    DATABASE_PGBOUNCER: optionalText.pipe(flag.optional()),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'expected postgres://…')
        .optional(),
    ),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DEMO_DATA: optionalText.pipe(flag.optional()),
    BOT_TOKEN: optionalText.pipe(
      z
        .string()
        .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'expected a token as BotFather gives it (123456:ABC…)')
        .optional(),
    ),
    TELEGRAM_API_ROOT: z.url({ message: 'expected a URL' }).default('https://api.telegram.org'),
    /** Every call to Telegram goes out through this proxy (a relay abroad, for a host in Russia). */
    TELEGRAM_PROXY_URL: optionalText.pipe(
      z
        .url({
          protocol: /^(https?|socks5h?)$/,
          hostname: /.+/,
          message: 'expected http://, https://, socks5:// or socks5h://host:port of a proxy',
        })
        .optional(),
    ),
    COMMUNITY_CHAT_ID: optionalText.pipe(
      z
        .string()
        .regex(/^(-?\d+|@[A-Za-z0-9_]{5,})$/, 'expected a numeric chat id or an @handle')
        .optional(),
    ),
    COMMUNITY_CHAT_LINK: optionalText.pipe(httpsUrl.optional()),
    /** The MAX bot's token (business.max.ru → Чат-боты → Настройки): signs MAX's init data, drives its bot. */
    MAX_BOT_TOKEN: optionalText.pipe(
      z
        .string()
        .regex(
          // MAX documents no alphabet for its tokens: any visible ASCII, as a header carries it.
          /^[\x21-\x7e]{20,512}$/,
          'expected the token as MAX gives it (20 or more visible characters, no spaces)',
        )
        .optional(),
    ),
    /** The MAX bot's public name, as in https://max.ru/<name> (MAX makes it id<ИНН>_bot). */
    MAX_BOT_NAME: optionalText.pipe(
      z
        .string()
        .transform((v) => v.replace(/^@/, ''))
        .pipe(z.string().regex(/^[A-Za-z0-9_]{3,64}$/, 'expected the bot name as in https://max.ru/<name>'))
        .optional(),
    ),
    /** MAX's Bot API (its address moved to platform-api2 in July 2026; a local fake in tests). */
    MAX_API_ROOT: z
      .url({ message: 'expected a URL' })
      .default('https://platform-api2.max.ru')
      .transform((v) => v.replace(/\/+$/, '')),
    /** The community's MAX chat (an int64 id): its members, as the Telegram chat's, may buy and receive gifts. */
    MAX_COMMUNITY_CHAT_ID: optionalText.pipe(
      z
        .string()
        .regex(/^-?\d{1,19}$/, 'expected the numeric id of a MAX chat')
        .optional(),
    ),
    ADMIN_USERNAMES: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((name) => name.trim().replace(/^@/, '').toLowerCase())
          .filter(Boolean),
      ),
    INIT_DATA_MAX_AGE_S: z.coerce
      .number({ message: 'expected seconds' })
      .int('expected whole seconds')
      .positive('expected seconds above 0')
      .default(86400),
    /** How long a payment start keeps a unit of a limited offer for its buyer (ADR 0022). */
    OFFER_HOLD_MINUTES: z.coerce
      .number({ message: 'expected minutes' })
      .int('expected whole minutes')
      .min(1, 'expected 1–1440 minutes')
      .max(1440, 'expected 1–1440 minutes')
      .default(15),
    /** How long a unit freed of a sold-out offer waits for the first in its line. */
    WAITLIST_HOLD_MINUTES: z.coerce
      .number({ message: 'expected minutes' })
      .int('expected whole minutes')
      .min(1, 'expected 1–10080 minutes')
      .max(10080, 'expected 1–10080 minutes')
      .default(120),
    PUBLIC_URL: optionalText.pipe(httpsUrl.optional()),
    /** Where Telegram posts the bot's updates, when a relay abroad takes them for PUBLIC_URL. */
    TELEGRAM_WEBHOOK_URL: optionalText.pipe(httpsUrl.optional()),
    TELEGRAM_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,256}$/, 'expected 1–256 characters A–Z, a–z, 0–9, _ or -')
        .optional(),
    ),
    PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
    /** The payment provider token BotFather gives for YooKassa (Telegram's own payment sheet). */
    TELEGRAM_PAYMENT_PROVIDER_TOKEN: optionalText,
    YOOKASSA_SHOP_ID: optionalText,
    YOOKASSA_SECRET_KEY: optionalText,
    YOOKASSA_API_URL: z
      .url({ message: 'expected a URL' })
      .default('https://api.yookassa.ru/v3')
      .transform((v) => v.replace(/\/+$/, '')),
    YOOKASSA_WEBHOOK_IPS: optionalText.pipe(flag.optional()),
    TRUSTED_PROXIES: z
      .string()
      .default('loopback')
      .transform((v) =>
        v
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .refine(
              (entry) => PROXY_NAMES.includes(entry) || isAddressOrNetwork(entry),
              'expected IP addresses or networks (10.0.0.0/8), or loopback, linklocal, uniquelocal',
            ),
        ),
      ),
    /** The longest a request may take to arrive whole, headers and body (a slow body is closed 408). */
    REQUEST_TIMEOUT_S: z.coerce
      .number({ message: 'expected seconds' })
      .int('expected whole seconds')
      .min(1, 'expected 1–600 seconds')
      .max(600, 'expected 1–600 seconds')
      .default(30),
    /** Connections one address may hold open at once; a trusted proxy's are not counted. */
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce
      .number({ message: 'expected a number of connections' })
      .int('expected a whole number')
      .min(1, 'expected 1 or more')
      .default(256),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /** The mail server the bot's undelivered messages are mailed through (modules/email). */
    SMTP_URL: optionalText.pipe(
      z
        .url({
          protocol: /^smtps?$/,
          hostname: /.+/,
          message: 'expected smtp://user:password@host:587 or smtps://…:465',
        })
        .optional(),
    ),
    /** The sender of those mails: an address, or «Name <address>». */
    SMTP_FROM: optionalText,
    /** The bearer token a Prometheus scrape of /api/metrics sends; the route does not exist without it. */
    METRICS_TOKEN: optionalText.pipe(
      z
        .string()
        .regex(
          /^[A-Za-z0-9._~+/=-]{16,256}$/,
          'expected 16–256 characters of a bearer token (A–Z, a–z, 0–9, ._~+/=-)',
        )
        .optional(),
    ),
    OPERATOR_NAME: optionalText,
    OPERATOR_INN: optionalText.pipe(
      z
        .string()
        .regex(/^(\d{10}|\d{12})$/, 'expected an INN of 10 or 12 digits')
        .optional(),
    ),
    OPERATOR_OGRN: optionalText.pipe(
      z
        .string()
        .regex(/^(\d{13}|\d{15})$/, 'expected an OGRN of 13 or an OGRNIP of 15 digits')
        .optional(),
    ),
    OPERATOR_ADDRESS: optionalText,
    OPERATOR_EMAIL: optionalText.pipe(z.email({ message: 'expected an email address' }).optional()),
    OPERATOR_PHONE: optionalText,
    YOOKASSA_RECEIPTS: flag.optional(),
    /**
     * YooKassa's `vat_code`s as of 2026: 1 без НДС, 2 0 %, 3 10 %, 4 20 %, 5 10/110, 6 20/120,
     * 7 5 %, 8 7 %, 9 5/105, 10 7/107, 11 22 %, 12 22/122.
     */
    RECEIPT_VAT_CODE: z.coerce
      .number({ message: 'expected a VAT code from 1 to 12' })
      .int('expected a VAT code from 1 to 12')
      .min(1, 'expected a VAT code from 1 to 12')
      .max(12, 'expected a VAT code from 1 to 12')
      .optional(),
    RECEIPT_TAX_SYSTEM_CODE: z.coerce
      .number({ message: 'expected a tax system code from 1 to 6' })
      .int('expected a tax system code from 1 to 6')
      .min(1, 'expected a tax system code from 1 to 6')
      .max(6, 'expected a tax system code from 1 to 6')
      .optional(),
    RECEIPT_PAYMENT_SUBJECT: z
      .enum(PAYMENT_SUBJECTS, { message: `expected one of ${PAYMENT_SUBJECTS.join(', ')}` })
      .default('service'),
    RECEIPT_PAYMENT_MODE: z
      .enum(PAYMENT_MODES, { message: `expected one of ${PAYMENT_MODES.join(', ')}` })
      .default('full_payment'),
    RECEIPT_AGENT: flag.optional(),
    RECEIPT_AGENT_TYPE: z
      .enum(AGENT_TYPES, { message: `expected one of ${AGENT_TYPES.join(', ')}` })
      .default('another'),
    GEO_RETENTION_DAYS: z.coerce
      .number({ message: 'expected a number of days' })
      .int('expected a number of days')
      .min(1, 'expected a number of days')
      .max(3650, 'expected at most 3650 days')
      .default(90),
    /** How long a bot message not answering its addressee's own action waits for others to go with it. */
    BOT_GROUP_SECONDS: z.coerce
      .number({ message: 'expected seconds' })
      .int('expected whole seconds')
      .min(0, 'expected 0–3600 seconds')
      .max(3600, 'expected 0–3600 seconds')
      .default(60),
    SELF_REFUND_DAYS: z.coerce
      .number({ message: 'expected a number of days' })
      .int('expected a number of days')
      .min(1, 'expected a number of days')
      .max(3650, 'expected at most 3650 days')
      .optional(),
    REMINDER_DAYS_BEFORE: z
      .string()
      .trim()
      .regex(/^\d{1,2}(\s*,\s*\d{1,2})*$/, "expected days before a coupon's last day, such as 3,1")
      .transform((v) => [...new Set(v.split(',').map(Number))].sort((a, b) => b - a))
      .refine((days) => days.every((d) => d >= 1 && d <= 30), 'expected days from 1 to 30')
      .default([3, 1]),
    REPORT_TIME_ZONE: optionalText.pipe(
      z
        .string()
        .refine(isTimeZone, 'expected an IANA time zone such as Europe/Moscow')
        .default(DEFAULT_REPORT_TIME_ZONE),
    ),
  })
  .superRefine((env, ctx) => {
    const require = (name: keyof typeof env, why: string) =>
      ctx.addIssue({ code: 'custom', path: [name], message: `required ${why}` });
    if (env.YOOKASSA_RECEIPTS && env.RECEIPT_VAT_CODE === undefined) {
      require('RECEIPT_VAT_CODE', 'with YOOKASSA_RECEIPTS=1: the VAT code of the receipt item, 1–12 (ask your accountant)');
    }
    if (env.SMTP_URL && !env.SMTP_FROM) {
      require('SMTP_FROM', 'with SMTP_URL: the address the mails come from');
    }
    if (env.NODE_ENV === 'production' && !env.BOT_TOKEN) {
      require('BOT_TOKEN', 'in production (the local Telegram stand-in does not exist there)');
    }
    if (env.BOT_TOKEN && !env.PAYMENT_PROVIDER && env.NODE_ENV !== 'production') {
      require('PAYMENT_PROVIDER', 'with BOT_TOKEN: link or yookassa (sandbox only for a test bot, where nobody pays)');
    }
    if (env.NODE_ENV === 'production' && (env.PAYMENT_PROVIDER ?? 'sandbox') === 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'the sandbox takes no money: choose link or yookassa in production',
      });
    }
    if (env.NODE_ENV === 'production') {
      // The public offer is a contract: in production it names the real seller, never the demo one.
      const seller = [
        'OPERATOR_NAME',
        'OPERATOR_INN',
        'OPERATOR_OGRN',
        'OPERATOR_ADDRESS',
        'OPERATOR_EMAIL',
      ] as const;
      for (const name of seller) {
        if (!env[name]) require(name, 'in production: the public offer names the seller');
      }
    }
    if (env.NODE_ENV === 'production' && env.DEMO_DATA) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_DATA'],
        message: 'not in production: demo admins and partners would be real Telegram accounts there',
      });
    }
    if (env.TELEGRAM_WEBHOOK_URL && !env.PUBLIC_URL) {
      require('PUBLIC_URL', 'with TELEGRAM_WEBHOOK_URL: the relay forwards to PUBLIC_URL/api/telegram/webhook');
    }
    if (env.BOT_TOKEN && !env.COMMUNITY_CHAT_ID) {
      require('COMMUNITY_CHAT_ID', 'with BOT_TOKEN: chat membership is asked of that chat');
    }
    if (env.BOT_TOKEN && /^-?\d+$/.test(env.COMMUNITY_CHAT_ID ?? '') && !env.COMMUNITY_CHAT_LINK) {
      require('COMMUNITY_CHAT_LINK', 'with a numeric COMMUNITY_CHAT_ID: the gift screen copies it');
    }
    if (env.MAX_BOT_TOKEN && !env.MAX_BOT_NAME) {
      require('MAX_BOT_NAME', 'with MAX_BOT_TOKEN: links into the app name the bot (https://max.ru/<name>)');
    }
    if (env.MAX_BOT_TOKEN && !env.MAX_COMMUNITY_CHAT_ID) {
      require('MAX_COMMUNITY_CHAT_ID', 'with MAX_BOT_TOKEN: chat membership is asked of that chat too');
    }
    if (env.PAYMENT_PROVIDER === 'telegram') {
      if (!env.BOT_TOKEN) require('BOT_TOKEN', 'when PAYMENT_PROVIDER=telegram: the bot makes the invoices');
      if (!env.TELEGRAM_PAYMENT_PROVIDER_TOKEN) {
        require('TELEGRAM_PAYMENT_PROVIDER_TOKEN', 'when PAYMENT_PROVIDER=telegram (BotFather → Payments → YooKassa)');
      }
    }
    if (env.PAYMENT_PROVIDER === 'yookassa') {
      if (!env.YOOKASSA_SHOP_ID) require('YOOKASSA_SHOP_ID', 'when PAYMENT_PROVIDER=yookassa');
      if (!env.YOOKASSA_SECRET_KEY) require('YOOKASSA_SECRET_KEY', 'when PAYMENT_PROVIDER=yookassa');
      if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
        require('PUBLIC_URL', 'with YooKassa in production: buyers are sent back to it after paying');
      }
    }
  });

export type Config = ReturnType<typeof toConfig>;

/**
 * The webhook's secret when none is configured: derived from the bot token, so every server process
 * behind one webhook agrees on it, and only whoever holds the token can know it.
 */
function webhookSecret(env: z.infer<typeof schema>): string {
  if (env.TELEGRAM_WEBHOOK_SECRET) return env.TELEGRAM_WEBHOOK_SECRET;
  if (!env.BOT_TOKEN) return randomBytes(32).toString('hex');
  return createHmac('sha256', env.BOT_TOKEN).update('telegram-webhook-secret').digest('hex');
}

/** The chat link: configured, a public chat's own t.me address, or a plain demo address in the stand-in. */
function communityChatLink(env: z.infer<typeof schema>): string {
  if (env.COMMUNITY_CHAT_LINK) return env.COMMUNITY_CHAT_LINK;
  if (env.COMMUNITY_CHAT_ID?.startsWith('@')) return `https://t.me/${env.COMMUNITY_CHAT_ID.slice(1)}`;
  return 'https://example.com/demo-rafting-chat';
}

/** The seller the public offer names when none is configured: plainly a demo, not a real business. */
const DEMO_OPERATOR = {
  name: 'ИП Демо',
  inn: '000000000000',
  ogrn: '000000000000000',
  address: 'адрес не указан (демонстрационные реквизиты)',
  email: 'support@example.com',
};

/** The sender of the local stand-in's mails, which never leave the process. */
const LOCAL_MAIL_FROM = 'Катайся с нами <bot@katajsya.localhost>';

function toConfig(env: z.infer<typeof schema>) {
  const production = env.NODE_ENV === 'production';
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: env.DATABASE_URL,
    databaseThroughPgbouncer: env.DATABASE_PGBOUNCER ?? false,
    dataDir: env.DATA_DIR,
    // With a real bot, demo users would be real Telegram accounts: their roles are only given on request.
    demoData: env.DEMO_DATA ?? (!env.DATABASE_URL && !env.BOT_TOKEN),
    botToken: env.BOT_TOKEN,
    /** No bot configured outside production: the server plays Telegram's part (ARCHITECTURE §4). */
    localStandIn: !env.BOT_TOKEN && !production,
    telegramApiRoot: env.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
    telegramProxyUrl: env.TELEGRAM_PROXY_URL,
    communityChatId: env.COMMUNITY_CHAT_ID,
    communityChatLink: communityChatLink(env),
    /** MAX beside Telegram (ADR 0019): off, with no token. */
    max: {
      botToken: env.MAX_BOT_TOKEN,
      botName: env.MAX_BOT_NAME,
      apiRoot: env.MAX_API_ROOT,
      communityChatId: env.MAX_COMMUNITY_CHAT_ID,
    },
    adminUsernames: env.ADMIN_USERNAMES,
    initDataMaxAgeS: env.INIT_DATA_MAX_AGE_S,
    offerHoldMinutes: env.OFFER_HOLD_MINUTES,
    waitlistHoldMinutes: env.WAITLIST_HOLD_MINUTES,
    publicUrl: env.PUBLIC_URL,
    telegramWebhookUrl: env.TELEGRAM_WEBHOOK_URL,
    telegramWebhookSecret: webhookSecret(env),
    // Only the local stand-in gets the sandbox without asking: there every buyer is a demo user.
    paymentProvider: env.PAYMENT_PROVIDER ?? 'sandbox',
    telegramPaymentProviderToken: env.TELEGRAM_PAYMENT_PROVIDER_TOKEN,
    yookassa: {
      shopId: env.YOOKASSA_SHOP_ID,
      secretKey: env.YOOKASSA_SECRET_KEY,
      apiUrl: env.YOOKASSA_API_URL,
      /** Notifications only from YooKassa's published addresses: on by default in production. */
      notificationsFromItsAddressesOnly: env.YOOKASSA_WEBHOOK_IPS ?? production,
    },
    /** Whose X-Forwarded-For is believed: the TLS proxy in front, never any caller. */
    trustedProxies: env.TRUSTED_PROXIES,
    requestTimeoutMs: env.REQUEST_TIMEOUT_S * 1000,
    maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    /**
     * Where the bot's undelivered messages are mailed: SMTP_URL; unset, a mail server of the local
     * stand-in's own catches them, and elsewhere nothing is mailed.
     */
    mail: env.SMTP_URL
      ? { smtpUrl: env.SMTP_URL, from: env.SMTP_FROM ?? '' }
      : !env.BOT_TOKEN && !production
        ? { smtpUrl: undefined, from: LOCAL_MAIL_FROM }
        : null,
    /** 54-ФЗ receipts sent with every YooKassa payment and refund; null when off. */
    receipts: env.YOOKASSA_RECEIPTS
      ? {
          vatCode: env.RECEIPT_VAT_CODE ?? 1,
          taxSystemCode: env.RECEIPT_TAX_SYSTEM_CODE,
          paymentSubject: env.RECEIPT_PAYMENT_SUBJECT,
          paymentMode: env.RECEIPT_PAYMENT_MODE,
          /** Sold as the partner's agent: each item names the partner as its supplier. */
          agentType: env.RECEIPT_AGENT ? env.RECEIPT_AGENT_TYPE : undefined,
        }
      : null,
    geoRetentionDays: env.GEO_RETENTION_DAYS,
    /** A buyer returns an unused coupon themselves within this many days of buying it; unset: while it is valid. */
    selfRefundDays: env.SELF_REFUND_DAYS ?? null,
    /** A bot message that may be grouped waits this long for others of its chat; 0: each goes alone, at once. */
    botGroupSeconds: env.BOT_GROUP_SECONDS,
    /** The bot reminds of an unused coupon this many days before its last day, each once. */
    reminderDaysBefore: env.REMINDER_DAYS_BEFORE,
    /** Where report periods, offer validity and export times are counted in days. */
    timeZone: env.REPORT_TIME_ZONE,
    operator: {
      name: env.OPERATOR_NAME ?? DEMO_OPERATOR.name,
      inn: env.OPERATOR_INN ?? DEMO_OPERATOR.inn,
      ogrn: env.OPERATOR_OGRN ?? DEMO_OPERATOR.ogrn,
      address: env.OPERATOR_ADDRESS ?? DEMO_OPERATOR.address,
      email: env.OPERATOR_EMAIL ?? DEMO_OPERATOR.email,
      phone: env.OPERATOR_PHONE ?? null,
    },
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the whole configuration once; a bad value throws a ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An .env line «NAME=» means unset, so blank values take the defaults rather than failing them.
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value?.trim()));
  const parsed = schema.safeParse(set);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  return toConfig(parsed.data);
}

/** `tax_system_code`s of УСН: «доходы» (2) and «доходы минус расходы» (3). */
const USN_TAX_SYSTEMS = [2, 3];
/** `vat_code` 1: «без НДС». */
const NO_VAT = 1;

/**
 * What the configuration allows but an operator should look at again: logged at start-up as a
 * warning, never a refusal (the answer is the accountant's, not ours).
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  const receipts = config.receipts;
  if (receipts?.vatCode === NO_VAT && USN_TAX_SYSTEMS.includes(receipts.taxSystemCode ?? 0)) {
    warnings.push(
      `RECEIPT_VAT_CODE=${NO_VAT} (без НДС) with RECEIPT_TAX_SYSTEM_CODE=${receipts.taxSystemCode} (УСН): ` +
        'from 2026 a УСН payer over 20 M руб a year pays VAT (5 %, 7 % or 22 %: codes 7–12): ask your accountant',
    );
  }
  return warnings;
}
