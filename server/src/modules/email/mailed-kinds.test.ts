import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS } from '../notifications/message-kinds.ts';
import { MAILED_KINDS } from './mailed-kinds.ts';

describe('what is mailed', () => {
  it('is transactional only: every kind mailed is a service message, never an offer', () => {
    for (const kind of MAILED_KINDS) expect(MESSAGE_KINDS[kind].purpose).toBe('service');
  });
});
