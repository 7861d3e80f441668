import { COUPON_EXPIRED } from '#contract/redemption';
import type { CameraProblem } from '@/features/redemption/browser-qr-scanner';
import { formatDay } from '@/lib/dates';

const cameraFailed = 'Не удалось открыть камеру. Нажмите «Загрузить файл» и выберите снимок QR.';

export const texts = {
  title: 'ПРОВЕРИТЬ СКИДКУ',
  signedInAsPartner: 'Вы вошли как партнер',
  signedInAsStaff: 'Вы вошли как сотрудник партнера',
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
    address: 'Адрес',
    expiresAt: 'Действует до',
  },
  statusNotUsed: 'Не использован',
  statusUsed: 'Использован',
  statusExpired: COUPON_EXPIRED,
  expiresAt: formatDay,
  discountRubles: (discount: string) => (/^\d+$/.test(discount) ? `${discount} руб` : discount),
  redeem: 'Погасить QR',
  redeeming: 'Гасим',
  redeemed: 'Купон погашен',
  invalid: 'Купон не действителен',
  expired: COUPON_EXPIRED,
  undo: 'Отменить погашение',
  undoQuestion: 'Отменить погашение? Купон снова станет действительным.',
  undoConfirm: 'Да, отменить',
  undoCancel: 'Нет',
  undone: 'Погашение отменено',
} as const;
