import { request } from './bridge';
import { realClientAtLeast } from './stand-in';

/** A message the user must acknowledge: Telegram's own popup (Mini Apps 6.2) where there is one, else the browser's. */
export async function showAlert(message: string): Promise<void> {
  if (realClientAtLeast('6.2')) {
    try {
      await request('web_app_open_popup', { title: '', message, buttons: [{ id: 'ok', type: 'ok' }] }, [
        'popup_closed',
      ]);
      return;
    } catch (error) {
      // The client refused it: the message must still reach the user.
      console.warn('Telegram popup failed, falling back to alert()', error);
    }
  }
  window.alert(message);
}
