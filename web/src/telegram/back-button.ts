import { on, postEvent } from './bridge';
import { supports } from './protocol';

/** Telegram's BackButton, where the client draws one (Mini Apps 6.1). */
const clientHasBackButton = () => supports('web_app_setup_back_button');

/** Shows Telegram's BackButton and calls `onPress` when it is pressed, until the returned stop. */
export function showBackButton(onPress: () => void): () => void {
  if (!clientHasBackButton()) return () => {};
  postEvent('web_app_setup_back_button', { is_visible: true });
  return on('back_button_pressed', onPress);
}

export function hideBackButton(): void {
  if (clientHasBackButton()) postEvent('web_app_setup_back_button', { is_visible: false });
}
