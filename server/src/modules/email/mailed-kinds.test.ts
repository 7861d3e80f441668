import { describe, expect, it } from 'vitest';
import { NOTIFICATION_PURPOSES } from '../notifications/notifications.service.ts';
import { MAILED_KINDS } from './mailed-kinds.ts';

describe('what is mailed', () => {
  it('is transactional only: every kind mailed is a service message, never an offer', () => {
    for (const kind of MAILED_KINDS) expect(NOTIFICATION_PURPOSES[kind]).toBe('service');
  });
});
