import { LINK_START_PREFIX } from '#contract/linking';
import { type Core, manifest } from '../manifest.ts';
import type { UserService } from '../users/users.service.ts';
import { linkingRoutes } from './linking.routes.ts';
import { createLinkingService } from './linking.service.ts';
import { linkingRefusals, linkTexts } from './texts.ts';

/**
 * One person on two messengers: «Мои данные» makes a code, the other messenger's bot takes it as
 * its start's payload (`link-<code>`) and links that account to the person.
 */
export const linkingManifest = manifest({
  name: 'linking',
  refusals: linkingRefusals,
  make: ({
    db,
    messengers,
    users,
  }: Pick<Core, 'db' | 'messengers'> & { users: Pick<UserService, 'forgetSeen'> }) => {
    const linking = createLinkingService(db, { messengers, forgetSeen: users.forgetSeen });
    return {
      gives: { linking },
      routes: (api) => api.register(linkingRoutes, { linking }),
      inbound: {
        start: {
          prefix: LINK_START_PREFIX,
          async started(code, start) {
            await start.say(await linking.link(code, start.from), [
              [{ text: linkTexts.openButton, app: '/my-coupons' }],
            ]);
          },
        },
      },
    };
  },
});
