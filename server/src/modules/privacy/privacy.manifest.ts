import { ONCE_A_DAY } from '../../jobs/maintenance.ts';
import { documentSenderOf } from '../../messenger/documents.ts';
import { type Core, manifest } from '../manifest.ts';
import type { WaitlistPolicy } from '../offers/offers.api.ts';
import type { ReminderService } from '../reminders/reminders.service.ts';
import type { UserService } from '../users/users.service.ts';
import { privacyInfoRoutes, privacyRoutes } from './privacy.routes.ts';
import { createPrivacyService, deleteExpiredData } from './privacy.service.ts';
import { privacyRefusals } from './texts.ts';

/** Consent, «Мои данные», erasure and retention (152-ФЗ), and the policy's public details. */
export const privacyManifest = manifest({
  name: 'privacy',
  refusals: privacyRefusals,
  make: ({
    config,
    db,
    log,
    botToken,
    messengers,
    users,
    reminders,
    waitlist,
  }: Pick<Core, 'config' | 'db' | 'log' | 'botToken' | 'messengers'> & {
    users: Pick<UserService, 'forgetSeen'>;
    reminders: Pick<ReminderService, 'setRemindersOn'>;
    waitlist: WaitlistPolicy;
  }) => {
    const privacy = createPrivacyService(db, users.forgetSeen, waitlist);
    return {
      gives: { privacy },
      openRoutes: (app) => app.register(privacyInfoRoutes, { config, privacy, botToken }),
      routes: (api) =>
        api.register(privacyRoutes, {
          privacy,
          botToken,
          documentSenderOf: (userId) => documentSenderOf(db, messengers, userId),
          reminders,
        }),
      sweeps: {
        retention: {
          name: 'retention',
          every: ONCE_A_DAY,
          run: async () => {
            const deleted = await deleteExpiredData(db, config.geoRetentionDays);
            // A day with nothing to delete is not worth a line.
            if (Object.values(deleted).some((count) => count > 0)) {
              log.info(deleted, 'old geo points and redeem attempts deleted');
            }
            return deleted;
          },
        },
      },
    };
  },
});
