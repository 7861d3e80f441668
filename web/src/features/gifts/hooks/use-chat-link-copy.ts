import { useEffect, useRef } from 'react';
import { useToasts } from '@/components/ui/toast';
import { copyToClipboard } from '../copy-to-clipboard';

/** SPEC §2 Gift, §9: the copy toast shows 2 s, and taps within those 2 s are ignored. */
export const COPY_TOAST_MS = 2000;

/**
 * «Скопировать ссылку на сплавной чат»: the chat's link to the clipboard, told by a toast in the
 * screen's words; a second tap while the toast shows does nothing.
 */
export function useChatLinkCopy(chatLink: string | undefined, words: { copied: string; failed: string }) {
  const { toasts, showToast } = useToasts();
  const lock = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(lock.current), []);

  const copy = async () => {
    if (lock.current !== undefined) return;
    lock.current = setTimeout(() => {
      lock.current = undefined;
    }, COPY_TOAST_MS);
    const copied = chatLink ? await copyToClipboard(chatLink) : false;
    showToast(copied ? words.copied : words.failed, {
      tone: copied ? 'success' : 'error',
      durationMs: COPY_TOAST_MS,
    });
  };

  return { copy, toasts };
}
