import { describe, expect, it } from 'vitest';
import { createCsrf } from './csrf.ts';

describe('CSRF tokens', () => {
  const csrf = createCsrf('1:token-a');

  it('accepts its own tokens and refuses another server secret', () => {
    const token = csrf.issue();
    expect(csrf.verify(token)).toBe(true);
    expect(createCsrf('1:token-b').verify(token)).toBe(false);
  });

  it('refuses a token older than twelve hours', () => {
    const issued = Date.now() - 12 * 60 * 60 * 1000 - 1000;
    expect(csrf.verify(csrf.issue(issued))).toBe(false);
    expect(csrf.verify(csrf.issue(Date.now() - 60_000))).toBe(true);
  });

  it('refuses a token whose time was changed', () => {
    const [, nonce, mac] = csrf.issue().split('.');
    expect(csrf.verify(`${Math.floor(Date.now() / 1000) - 100}.${nonce}.${mac}`)).toBe(false);
  });
});
