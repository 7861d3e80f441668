import { type Core, manifest } from '../manifest.ts';
import type { QrImages } from '../purchased-coupons/qr-images.ts';
import type { UserService } from '../users/users.service.ts';
import { createNotificationService } from './notifications.service.ts';
import { createOutboxWorker } from './outbox.worker.ts';
import { createQrPhotos } from './qr-photos.ts';
import { notificationRefusals } from './texts.ts';
import { undeliveredRoutes } from './undelivered.routes.ts';
import { createUndeliveredMessages } from './undelivered.service.ts';

/**
 * The bot's messages about events, queued in the event's transaction, the worker that sends them
 * (started with the app), and the admins' list of those given up, with «Отправить снова».
 */
export const notificationsManifest = manifest({
  name: 'notifications',
  refusals: notificationRefusals,
  make: ({
    config,
    db,
    log,
    timeZone,
    messengers,
    sweepClock,
    users,
    qrImages,
  }: Pick<Core, 'config' | 'db' | 'log' | 'timeZone' | 'messengers' | 'sweepClock'> & {
    users: Pick<UserService, 'adminIds'>;
    qrImages: QrImages;
  }) => {
    const outbox = createOutboxWorker({
      db,
      // Each message goes through its messenger's adapter: the outbox speaks only the port.
      messengers,
      log,
      qrPhotos: createQrPhotos({ db, qrImages, timeZone }),
      sweeps: sweepClock,
    });
    return {
      gives: {
        notifications: createNotificationService({
          db,
          log,
          adminIds: (executor) => users.adminIds(executor),
          groupSeconds: config.botGroupSeconds,
        }),
        outbox,
      },
      routes: (api) => api.register(undeliveredRoutes, { undelivered: createUndeliveredMessages(db) }),
      start: outbox.start,
      stop: outbox.stop,
    };
  },
});
