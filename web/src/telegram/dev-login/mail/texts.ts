export const mailTexts = {
  open: 'Почта',
  title: 'Почта',
  close: 'Закрыть',
  empty:
    'Писем нет. Укажите e-mail в «Мои данные» и подтвердите его по ссылке из письма: сюда придет то, что бот не доставит за 15 минут.',
  qrAlt: 'QR-код купона',
  to: (addresses: readonly string[]) => `Кому: ${addresses.join(', ')}`,
  unreachable: 'Почта не обновляется: сервер не отвечает. Пробуем снова…',
} as const;
