import { popup } from '@telegram-apps/sdk-react';
import { isStandIn } from './stand-in';

/** A message the user must acknowledge: Telegram's own popup where there is one, else the browser's. */
export async function showAlert(message: string): Promise<void> {
  if (!isStandIn() && popup.show.isAvailable()) {
    try {
      await popup.show({ message, buttons: [{ type: 'ok' }] });
      return;
    } catch (error) {
      // Another popup is open, or the client refused it: the message must still reach the user.
      console.warn('Telegram popup failed, falling back to alert()', error);
    }
  }
  window.alert(message);
}
