import { type Core, manifest } from '../manifest.ts';
import type { WaitlistPolicy } from '../offers/offers.api.ts';
import type { ReminderService } from '../reminders/reminders.service.ts';
import type { UserService } from '../users/users.service.ts';
import { privacyInfoRoutes, privacyRoutes } from './privacy.routes.ts';
import { createPrivacyService } from './privacy.service.ts';
import { privacyRefusals } from './texts.ts';

/** Consent, «Мои данные», erasure and retention (152-ФЗ), and the policy's public details. */
export const privacyManifest = manifest({
  name: 'privacy',
  refusals: privacyRefusals,
  make: ({
    config,
    db,
    botToken,
    botApi,
    users,
    reminders,
    waitlist,
  }: Pick<Core, 'config' | 'db' | 'botToken' | 'botApi'> & {
    users: Pick<UserService, 'forgetSeen'>;
    reminders: Pick<ReminderService, 'setRemindersOn'>;
    waitlist: WaitlistPolicy;
  }) => {
    const privacy = createPrivacyService(db, users.forgetSeen, waitlist);
    return {
      gives: { privacy },
      openRoutes: (app) => app.register(privacyInfoRoutes, { config, privacy, botToken }),
      routes: (api) => api.register(privacyRoutes, { privacy, botToken, botApi, reminders }),
    };
  },
});
