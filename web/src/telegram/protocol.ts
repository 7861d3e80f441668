/**
 * The part of Telegram's Mini Apps protocol the app speaks (core.telegram.org/api/web-events,
 * core.telegram.org/bots/webapps): each method with its parameters and the client version that
 * brought it, each event with what it carries. The bridge takes only these names, typed by this
 * table; whether a client can do a method is asked in one place, `supports`.
 */
import { clientVersionAtLeast, type ThemeParams } from './launch-params';

type Visible = { is_visible: boolean };

type BottomButtonParams = {
  text?: string;
  is_visible: boolean;
  is_active?: boolean;
  is_progress_visible?: boolean;
  color?: string;
  text_color?: string;
  /** Since 7.10 (Bot API 7.10 added it with the secondary button). */
  has_shine_effect?: boolean;
};

type Insets = { top: number; bottom: number; left: number; right: number };

/** What the app posts to the client, with each method's parameters. */
export type Methods = {
  iframe_ready: { reload_supported: boolean };
  iframe_will_reload: undefined;
  web_app_ready: undefined;
  web_app_setup_back_button: Visible;
  web_app_setup_main_button: BottomButtonParams;
  web_app_setup_secondary_button: BottomButtonParams & { position?: 'left' | 'right' | 'top' | 'bottom' };
  web_app_setup_settings_button: Visible;
  web_app_setup_swipe_behavior: { allow_vertical_swipe: boolean };
  web_app_setup_closing_behavior: { need_confirmation: boolean };
  web_app_trigger_haptic_feedback: {
    type: 'notification';
    notification_type: 'success' | 'error' | 'warning';
  };
  web_app_open_popup: {
    title: string;
    message: string;
    buttons: { id: string; type: 'ok' | 'close' | 'cancel' | 'default' | 'destructive'; text?: string }[];
  };
  web_app_open_link: { url: string };
  web_app_open_tg_link: { path_full: string };
  web_app_open_invoice: { slug: string };
  web_app_open_scan_qr_popup: { text?: string };
  web_app_close_scan_qr_popup: undefined;
  web_app_request_write_access: undefined;
  web_app_request_safe_area: undefined;
  web_app_request_content_safe_area: undefined;
  web_app_check_location: undefined;
  web_app_request_location: undefined;
  web_app_request_file_download: { url: string; file_name: string };
  web_app_send_prepared_message: { id: string };
  web_app_device_storage_get_key: { req_id: string; key: string };
  web_app_device_storage_save_key: { req_id: string; key: string; value: string | null };
};

export type MethodName = keyof Methods;

/**
 * The Mini Apps version each method came with, where it is later than the first (6.0); a client
 * older than that ignores it.
 */
const METHOD_SINCE: Partial<Record<MethodName, string>> = {
  web_app_setup_back_button: '6.1',
  web_app_setup_secondary_button: '7.10',
  web_app_setup_settings_button: '6.10',
  web_app_setup_swipe_behavior: '7.7',
  web_app_trigger_haptic_feedback: '6.1',
  web_app_open_popup: '6.2',
  web_app_open_tg_link: '6.1',
  web_app_open_invoice: '6.1',
  web_app_open_scan_qr_popup: '6.4',
  web_app_close_scan_qr_popup: '6.4',
  web_app_request_write_access: '6.9',
  web_app_request_safe_area: '8.0',
  web_app_request_content_safe_area: '8.0',
  web_app_check_location: '8.0',
  web_app_request_location: '8.0',
  web_app_request_file_download: '8.0',
  web_app_send_prepared_message: '8.0',
  web_app_device_storage_get_key: '9.0',
  web_app_device_storage_save_key: '9.0',
};

/** Parameters that came later than their method. */
const PARAM_SINCE: { [M in MethodName]?: { [P in keyof NonNullable<Methods[M]>]?: string } } = {
  web_app_setup_main_button: { has_shine_effect: '7.10' },
};

/** What the client sends the app, with what each event carries. */
export type Events = {
  reload_iframe: undefined;
  theme_changed: { theme_params?: ThemeParams } | undefined;
  safe_area_changed: Partial<Insets> | undefined;
  content_safe_area_changed: Partial<Insets> | undefined;
  back_button_pressed: undefined;
  main_button_pressed: undefined;
  secondary_button_pressed: undefined;
  settings_button_pressed: undefined;
  popup_closed: { button_id?: string } | undefined;
  invoice_closed: { slug?: string; status: 'paid' | 'cancelled' | 'failed' | 'pending' };
  qr_text_received: { data?: string };
  scan_qr_popup_closed: undefined;
  write_access_requested: { status: 'allowed' | 'cancelled' };
  location_checked: { available?: boolean };
  location_requested:
    | { available: false }
    | { available: true; latitude: number; longitude: number; horizontal_accuracy?: number | null };
  file_download_requested: { status?: 'downloading' | 'cancelled' };
  prepared_message_sent: undefined;
  prepared_message_failed: { error?: string };
  device_storage_key_received: { req_id?: string; value?: string | null };
  device_storage_key_saved: { req_id?: string };
  device_storage_failed: { req_id?: string; error?: string };
};

export type EventName = keyof Events;

/**
 * What the local stand-in does of the methods it is sent (ARCHITECTURE §4): it poses as a client
 * of 8.0 but draws no Telegram chrome and has no payments, location, chats or storage of its own.
 */
const STAND_IN_DOES = new Set<MethodName>([
  'web_app_ready',
  'web_app_open_link',
  'web_app_open_tg_link',
  'web_app_request_safe_area',
  'web_app_request_content_safe_area',
]);

/** Whether this launch's client is the local stand-in: a real client until startTelegram says. */
let clientIsStandIn = false;

/** startTelegram (init.ts) tells the table, once it knows, whether the client is the stand-in. */
export function setClientIsStandIn(standIn: boolean): void {
  clientIsStandIn = standIn;
}

/**
 * Whether this launch's client does the method (and the parameter, when one is named): a real
 * Telegram client of the version that brought it, or the stand-in for what it imitates.
 */
export function supports<M extends MethodName>(method: M, param?: keyof NonNullable<Methods[M]>): boolean {
  if (clientIsStandIn && !STAND_IN_DOES.has(method)) return false;
  const since = (param !== undefined && PARAM_SINCE[method]?.[param]) || METHOD_SINCE[method];
  return clientVersionAtLeast(since ?? '6.0');
}
