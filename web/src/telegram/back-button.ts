import { on, postEvent } from './bridge';
import { clientVersionAtLeast } from './launch-params';

/** Telegram's BackButton came with Mini Apps 6.1; outside Telegram there is none. */
const clientHasBackButton = () => clientVersionAtLeast('6.1');

/** Shows Telegram's BackButton and calls `onPress` when it is pressed, until the returned stop. */
export function showBackButton(onPress: () => void): () => void {
  if (!clientHasBackButton()) return () => {};
  postEvent('web_app_setup_back_button', { is_visible: true });
  return on('back_button_pressed', onPress);
}

export function hideBackButton(): void {
  if (clientHasBackButton()) postEvent('web_app_setup_back_button', { is_visible: false });
}
