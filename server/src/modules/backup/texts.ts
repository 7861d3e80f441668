import type { Refusals } from '../../http/errors.ts';

export const backupRefusals = {
  backup_refused: {
    status: 403,
    error: 'forbidden',
    message: 'Резервную копию отдают только на этом сервере, по ключу из папки данных (npm run backup)',
  },
} satisfies Refusals;
export type BackupRefusal = keyof typeof backupRefusals;
