import { formatRubles } from '#contract/coupon-terms';
import { COUPON_EXPIRED, COUPON_REFUND_PENDING } from '#contract/redeem-texts';
import type { CameraProblem } from '@/features/redemption/browser-qr-scanner';
import { formatDay } from '@/lib/dates';
import { messengerName } from '@/messenger/messenger-of-launch';

const cameraFailed = 'Не удалось открыть камеру. Нажмите «Загрузить файл» и выберите снимок QR.';
/** The decoder never came: the screen was not opened with a signal since the app started. */
const noDecoder =
  'Нет связи, а чтение снимков QR еще не загружено: дело не в снимке. Нажмите «Камера» или попробуйте снова, когда появится сеть.';

export const texts = {
  title: 'ПРОВЕРИТЬ СКИДКУ',
  signedInAsPartner: 'Вы вошли как партнер',
  signedInAsStaff: 'Вы вошли как сотрудник партнера',
  signedInAsAdmin: 'Вы вошли как администратор',
  partnersOnly: 'Проверять и гасить купоны могут только партнеры, их сотрудники и администраторы',
  scanSection: 'Просканируйте QR, чтобы погасить',
  camera: 'Камера',
  uploadFile: 'Загрузить файл',
  cameraPrompt: 'Наведите камеру на QR купона',
  cameraFailed,
  cameraProblems: {
    insecure:
      'Для камеры нужно защищенное соединение (https). Нажмите «Загрузить файл» и выберите снимок QR.',
    unsupported: 'Камера здесь не поддерживается. Нажмите «Загрузить файл» и выберите снимок QR.',
    denied:
      'Доступ к камере запрещен. Разрешите его в настройках телефона или браузера и нажмите «Камера» еще раз. Или нажмите «Загрузить файл».',
    noCamera: 'Камера не найдена. Нажмите «Загрузить файл» и выберите снимок QR.',
    timeout: 'Камера не включилась за 6 секунд. Нажмите «Камера» еще раз или «Загрузить файл».',
    noDecoder: 'Нет связи, а чтение QR с камеры еще не загружено. Попробуйте снова, когда появится сеть.',
    failed: cameraFailed,
  } satisfies Record<CameraProblem, string>,
  stopCamera: 'Остановить камеру',
  uploadImage: 'Загрузите изображение',
  chooseQr: 'Выберите ваш QR',
  chooseQrHint: 'Фото или скриншот QR купона',
  reading: 'Читаем QR',
  notAnImage: 'Это не изображение. Выберите фото или скриншот QR (PNG, JPG).',
  noQrInImage: 'На изображении не найден QR. Выберите снимок, где QR виден целиком.',
  imageUnreadable: 'Не удалось прочитать изображение. Попробуйте другое.',
  noDecoder,
  scannedSection: 'Отсканированный QR',
  notOurQr: 'В этом QR нет купона «Катайся с нами».',
  checking: 'Проверяем купон',
  labels: {
    telegramName: 'Telegram',
    status: 'Статус',
    date: 'Дата',
    partner: 'Партнер',
    region: 'Регион',
    discount: 'Скидка',
    serviceThreshold: 'На услуги',
    address: 'Адрес',
    expiresAt: 'Действует до',
  },
  statusNotUsed: 'Не использован',
  statusUsed: 'Использован',
  statusExpired: COUPON_EXPIRED,
  statusRefundPending: COUPON_REFUND_PENDING,
  statusRefunded: 'Деньги возвращены',
  statusVoid: 'Аннулирован',
  statusGiftedAway: 'Подарен другому',
  expiresAt: formatDay,
  discountRubles: (discount: string) => (/^\d+$/.test(discount) ? `${discount} руб` : discount),
  serviceThreshold: (rubles: number) => `от ${formatRubles(rubles)}`,
  redeem: 'Погасить QR',
  redeeming: 'Гасим',
  redeemed: 'Купон погашен',
  invalid: 'Купон не действителен',
  expired: COUPON_EXPIRED,
  undo: 'Отменить погашение',
  undoQuestion: 'Отменить погашение?',
  undoDetail: 'Купон снова станет действительным: покупатель сможет получить по нему скидку.',
  undoConfirm: 'Да, отменить',
  undoCancel: 'Нет',
  undone: 'Погашение отменено',
  scanNext: 'Сканировать следующий QR',
  justRedeemed: 'Этот купон вы только что погасили. Наведите камеру на QR следующего купона.',
  /** Of one company, by anyone redeeming for it. */
  redeemedToday: (companyName: string, count: number) => `Погашено сегодня — ${companyName}: ${count}`,
  /** An admin's, when no company has redeemed anything today. */
  nothingRedeemedToday: 'Сегодня купоны еще не гасили',
  /** What this phone redeemed with no signal and has not sent: the server counts it once sent. */
  redeemedTodayOffline: (count: number) => `Погашено сегодня без связи: ${count}`,
  /** A coupon that cannot be redeemed: a headline that says why, then what is known of it. */
  alarm: {
    used: 'Купон уже погашен',
    refunded: 'Деньги за купон возвращены',
    refundPending: 'Деньги за купон возвращаются',
    expired: 'Срок купона истек',
    giftedAway: 'Купон подарен другому',
    void: 'Купон аннулирован',
    invalid: 'Купон не действителен',
    revoked: 'Купон уже не действует',
    forged: 'QR подделан',
    foreign: 'Купон другого партнера',
    redeemedAt: (at: string) => `Когда: ${at}`,
    redeemedBy: (who: string, company: string) => `Кто: ${who}, ${company}`,
    refundedDetail: 'Покупателю вернули деньги: скидка по купону не положена.',
    refundPendingDetail: 'Покупатель попросил деньги обратно: скидка по купону не положена.',
    voidDetail: 'Администратор аннулировал купон: скидка по нему не положена.',
    giftedAwayAt: (at: string) => `Подарен ${at}.`,
    giftedAwayDetail: 'Этот QR больше не действует: у нового владельца купона свой QR.',
    lastDay: (day: string) => `Последний день купона — ${day}.`,
    revokedDetail:
      'Он погашен, подарен другому или деньги за него возвращены. Подробнее — когда появится сеть.',
    forgedDetail: 'Подпись QR не сходится: купон подделан или изменен.',
    foreignDetail: 'Погасить его может только партнер, у которого он куплен.',
    queuedHere: (at: string) => `Погашен на этом телефоне ${at}. Погашение ждет отправки.`,
    queued: 'Погашен на этом телефоне. Погашение ждет отправки.',
  },
  offline: {
    checked: 'Нет связи — купон проверен по подписи сервера',
    redeemed: 'Купон погашен без связи. Отправим погашение, когда появится сеть.',
    notSaved: 'Не удалось сохранить погашение на телефоне. Купон не погашен, попробуйте еще раз.',
    /** What the phone cannot check with no signal: no alarm, the coupon may well be good. */
    cannotCheck: {
      'no-kit':
        'Нет связи, а данные для проверки без связи еще не загружены. Откройте этот экран, когда появится сеть, — после этого купоны можно будет гасить и без нее.',
      unsigned: 'Нет связи, а в этом QR нет подписи сервера. Проверьте купон, когда появится сеть.',
    },
    section: 'Погашения без связи',
    pending: (count: number) => `Погашений без связи ждут отправки: ${count}`,
    conflict: 'Погашение без связи не засчитано',
    refused: 'Погашение без связи не принято',
    refusedCoupon: (telegramName: string | undefined, discount: string | undefined) =>
      [telegramName, discount && `скидка ${discount} руб`].filter(Boolean).join(', '),
    redeemedHereAt: (at: string) => `На этом телефоне погашен ${at}.`,
    understood: 'Понятно',
    get noShell() {
      return `На этом телефоне приложение не откроется без связи. Перед выездом на реку откройте «Проверить скидку», пока есть сеть, и не закрывайте ${messengerName()}: тогда купоны можно проверять и гасить и без связи.`;
    },
  },
} as const;
