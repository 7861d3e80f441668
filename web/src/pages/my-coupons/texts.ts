import { messengerName } from '@/messenger/messenger-of-launch';

export const texts = {
  title: 'МОИ QR',
  showToPartner: 'Покажите QR партнеру для получения скидки.',
  gift: 'Подарить другу',
  home: 'НА ГЛАВНУЮ СТРАНИЦУ',
  noQr: 'QR ПОКА НЕТ',
  offline: 'Нет связи. Показан сохраненный QR.',
  get noShell() {
    return `На этом телефоне приложение не откроется без связи. Перед выездом на реку откройте «Мои QR», пока есть сеть, и не закрывайте ${messengerName()} или сохраните снимок экрана с QR.`;
  },
  understood: 'Понятно',
  previous: 'Предыдущий QR',
  next: 'Следующий QR',
} as const;
