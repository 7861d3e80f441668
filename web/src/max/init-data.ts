/** MAX's launch as the adapter reads it (dev.max.ru/docs/webapps/bridge, «initDataUnsafe»). */
export type MaxLaunch = {
  /** `WebAppData` as MAX signed it, sent with every API request. */
  initData: string;
  /** `ios`, `android`, `desktop` or `web`; what the bridge does differs by platform. */
  platform: string | undefined;
  /** The MAX app's own version, `<year>.<build>.<patch>`. */
  version: string | undefined;
  user: { id: number; username?: string } | undefined;
  startParam: string | undefined;
};

/** The signed user: MAX sends `"username": null` for someone who has not set one. */
function readUser(json: string | null): MaxLaunch['user'] {
  if (!json) return undefined;
  try {
    const user = JSON.parse(json) as { id?: unknown; username?: unknown };
    if (typeof user.id !== 'number') return undefined;
    return typeof user.username === 'string' && user.username !== ''
      ? { id: user.id, username: user.username }
      : { id: user.id };
  } catch {
    return undefined;
  }
}

/** Reads the hash MAX launched the app with; undefined when it carries no init data. */
export function readMaxLaunch(query: string): MaxLaunch | undefined {
  const params = new URLSearchParams(query);
  const initData = params.get('WebAppData');
  if (!initData) return undefined;
  const fields = new URLSearchParams(initData);
  return {
    initData,
    platform: params.get('WebAppPlatform') ?? undefined,
    version: params.get('WebAppVersion') ?? undefined,
    user: readUser(fields.get('user')),
    startParam: params.get('WebAppStartParam') || fields.get('start_param') || undefined,
  };
}
