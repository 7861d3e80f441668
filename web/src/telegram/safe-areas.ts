import { on, postEvent } from './bridge';
import { supports } from './protocol';

/** `--tg-viewport-safe-area-inset-top`, ...: what the styles keep clear of the notch and of Telegram's own bar. */
function bindInsets(event: 'safe_area_changed' | 'content_safe_area_changed', prefix: string): void {
  on(event, (insets) => {
    const style = document.documentElement.style;
    for (const side of ['top', 'bottom', 'left', 'right'] as const)
      style.setProperty(`--tg-viewport-${prefix}-inset-${side}`, `${insets?.[side] ?? 0}px`);
  });
}

/**
 * Follows the safe areas Telegram reports (Mini Apps 8.0), asked once at start and sent again when
 * they change. Nothing waits for them: until they come, or where the client has none, the styles
 * fall back to CSS env().
 */
export function followSafeAreas(): void {
  bindInsets('safe_area_changed', 'safe-area');
  bindInsets('content_safe_area_changed', 'content-safe-area');
  if (!supports('web_app_request_safe_area')) return;
  postEvent('web_app_request_safe_area');
  postEvent('web_app_request_content_safe_area');
}
