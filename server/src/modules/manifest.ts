import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Api } from 'grammy';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { MessengerInbound, Messengers } from '../domain/messenger.ts';
import type { Refusals } from '../http/errors.ts';
import type { SweepTable } from '../jobs/maintenance.ts';
import type { SweepClock } from '../jobs/sweep-clock.ts';
import type { StandInMax } from '../max/stand-in-max.ts';
import type { InboundHandlers } from '../messenger/inbound.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { TelegramReachability } from '../telegram/reachability.ts';
import type { StandInBotApi } from '../telegram/stand-in-bot-api.ts';

/** What the app makes before any module (core.ts): configuration, the database, the log, outside services. */
export interface Core {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  /** REPORT_TIME_ZONE. */
  timeZone: string;
  /** The token init data is signed with: BOT_TOKEN, or the local stand-in's own. */
  botToken: string;
  /** The Bot API client; absent in the local stand-in. */
  botApi?: Api;
  /** The local stand-in's own Bot API, which plays each person's chat with the bot; absent with a bot. */
  standIn?: StandInBotApi;
  /** The local stand-in's MAX, without MAX_BOT_TOKEN: its bot's chats and the people it signs for. */
  standInMax?: StandInMax;
  /**
   * The adapter of each messenger with a bot (domain/messenger.ts): Telegram's over its Bot API
   * (the stand-in's own without a bot), and any other configured. Whatever speaks to a person speaks to their messenger's.
   */
  messengers: Messengers;
  /** What the bot's web_app buttons open: PUBLIC_URL, or the stand-in's own address; none without either. */
  buttonsUrl?: string;
  paymentProvider: PaymentProvider;
  /** When each background sweep last went through (the metrics read it). */
  sweepClock: SweepClock;
  /** Whether this process reaches Telegram's Bot API, by its latest call (the metrics, health and the admin's Home say it). */
  telegramReachability: TelegramReachability;
}

/** What a module, once made, hands the app. */
export interface Plugged<Gives, Sweeps extends SweepTable = Record<never, never>> {
  /** Services of the module later manifests may need, under the names they ask for them by. */
  gives?: Gives;
  /** Routes anyone may call: webhooks, signed links, pages outside the mini-app. */
  openRoutes?: (app: FastifyInstance) => PromiseLike<unknown>;
  /** Routes under /api, where init data names the caller (plugins/auth.ts) and CSRF is checked. */
  routes?: (api: FastifyInstance) => PromiseLike<unknown>;
  /** What this module does with taps on its buttons and replies to its messages, in any messenger. */
  inbound?: InboundHandlers;
  /**
   * A messenger's transport (a bot's webhook or long polling): handed the app's inbound, made from
   * every module's handlers, to carry that messenger's updates to.
   */
  receives?: (inbound: MessengerInbound) => void;
  /**
   * Work of its own beside the requests (the outbox, the mail, the bot's webhook or long polling):
   * started by main.ts once the server listens, in the order of the list.
   */
  start?: () => void | Promise<void>;
  /** Stops what `start` started, in the reverse order, as the app begins to close. */
  stop?: () => Promise<void>;
  /** What it still finishes once the last request is answered, before the database closes. */
  settle?: () => Promise<unknown>;
  /** Its background sweeps (jobs/maintenance.ts), under the names tests run one by. */
  sweeps?: Sweeps;
}

/**
 * A server module as app.ts plugs it in: the refusals its `texts.ts` declares, and how it is made
 * from what it needs. `Needs` is the module's own list of named, typed dependencies; the list of
 * manifests in app.ts hands each one only what the app and the manifests before it gave.
 */
export interface ModuleManifest<Needs, Gives, Sweeps extends SweepTable = Record<never, never>> {
  /** The module's folder under modules/, for messages. */
  name: string;
  refusals?: Refusals;
  // A property, not a method: a method's parameter is checked both ways, so a manifest needing a
  // service no earlier manifest gives would pass the typecheck.
  make: (needs: Needs) => Plugged<Gives, Sweeps> | Promise<Plugged<Gives, Sweeps>>;
}

/** Writes a manifest with its types inferred from `make`. */
export const manifest = <
  Needs,
  Gives = Record<never, never>,
  Sweeps extends SweepTable = Record<never, never>,
>(
  module: ModuleManifest<Needs, Gives, Sweeps>,
) => module;

// biome-ignore lint/suspicious/noExplicitAny: the list holds manifests of every shape; `add` checked each.
type AnyManifest = ModuleManifest<any, unknown, SweepTable>;

/**
 * The modules in the order they are made: each `add` takes a manifest whose needs the app's `Core`
 * and the manifests before it meet, checked by the compiler, so nothing is used before it is made.
 * A service or a sweep is named once: a second manifest giving the same name stops the app at start.
 */
export class ModuleList<Core, Made, Sweeps> {
  private constructor(private readonly manifests: readonly AnyManifest[]) {}

  static startingFrom<Core>(): ModuleList<Core, Core, Record<never, never>> {
    return new ModuleList([]);
  }

  add<Gives, Swept extends SweepTable>(
    module: ModuleManifest<Made, Gives, Swept>,
  ): ModuleList<Core, Made & Gives, Sweeps & Swept> {
    return new ModuleList([...this.manifests, module as AnyManifest]);
  }

  /** Every module's refusal table, in order. */
  get refusals(): Refusals[] {
    return this.manifests.flatMap((module) => (module.refusals ? [module.refusals] : []));
  }

  get names(): string[] {
    return this.manifests.map((module) => module.name);
  }

  /** Makes each module in order; what each gave, what each plugs into the app, and every sweep. */
  async make(core: Core): Promise<{ made: Made; plugged: Plugged<unknown, SweepTable>[]; sweeps: Sweeps }> {
    const made = { ...core } as Record<string, unknown>;
    const sweeps: SweepTable = {};
    const givenBy = new Map<string, string>(Object.keys(made).map((name) => [name, 'app.ts']));
    const sweptBy = new Map<string, string>();
    const plugged: Plugged<unknown, SweepTable>[] = [];
    for (const module of this.manifests) {
      const plug = await module.make(made);
      for (const [names, given, into] of [
        [givenBy, plug.gives ?? {}, made],
        [sweptBy, plug.sweeps ?? {}, sweeps],
      ] as const) {
        for (const [name, value] of Object.entries(given)) {
          const earlier = names.get(name);
          if (earlier) throw new Error(`${module.name} gives ${name}, which ${earlier} gave already`);
          names.set(name, module.name);
          (into as Record<string, unknown>)[name] = value;
        }
      }
      plugged.push(plug);
    }
    return { made: made as Made, plugged, sweeps: sweeps as Sweeps };
  }
}
