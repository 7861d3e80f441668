import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The store reads localStorage once, when its module loads: a fresh import is a fresh app start.
const loadFlag = async () => (await import('../bad-payment-flag')).useBadPaymentFlag;

describe('bad-payment flag', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('starts unset', async () => {
    const useBadPaymentFlag = await loadFlag();
    const { result } = renderHook(() => useBadPaymentFlag());
    expect(result.current.badPayment).toEqual({ flag: false, text: '' });
  });

  it('is shared by every reader and survives a restart', async () => {
    const useBadPaymentFlag = await loadFlag();
    const writer = renderHook(() => useBadPaymentFlag());
    const reader = renderHook(() => useBadPaymentFlag());

    act(() => writer.result.current.setBadPayment('Попробуйте снова провести оплату'));

    const expected = { flag: true, text: 'Попробуйте снова провести оплату' };
    expect(reader.result.current.badPayment).toEqual(expected);

    vi.resetModules();
    const afterRestart = renderHook(await loadFlag());
    expect(afterRestart.result.current.badPayment).toEqual(expected);
  });

  it('clears', async () => {
    const useBadPaymentFlag = await loadFlag();
    const { result } = renderHook(() => useBadPaymentFlag());
    act(() => result.current.setBadPayment('Попробуйте снова провести оплату'));
    act(() => result.current.clearBadPayment());
    expect(result.current.badPayment).toEqual({ flag: false, text: '' });
    expect(JSON.parse(localStorage.getItem('katajsya.badPayment') ?? 'null')).toEqual({
      flag: false,
      text: '',
    });
  });
});
