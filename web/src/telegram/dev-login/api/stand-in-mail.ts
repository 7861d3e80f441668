import { ZStandInInbox } from '#contract/email';
import { api } from '@/lib/api';

/** The mails the stand-in's own mail server caught for the person; with `since`, answered once one comes (or in 25 s). */
export const getStandInMail = (userId: number, since?: number) =>
  api.get(`/api/dev/mail/${userId}${since === undefined ? '' : `?since=${since}`}`, ZStandInInbox);
