const pointForms = new Intl.PluralRules('ru-RU');
const POINT_WORDS: Partial<Record<Intl.LDMLPluralRule, string>> = {
  one: 'точка',
  few: 'точки',
  many: 'точек',
};

const formatNumber = (value: number, digits: number) =>
  value.toLocaleString('ru-RU', { maximumFractionDigits: digits });

/** Texts of the recorded tracks and their map (shown on the geo service screen). */
export const geoTexts = {
  tracksTitle: 'ЗАПИСАННЫЕ МАРШРУТЫ',
  noTracks: 'Записанных маршрутов пока нет',
  pointCount: (count: number) => `${count} ${POINT_WORDS[pointForms.select(count)] ?? 'точки'}`,
  downloadGpx: 'Скачать GPX',
  preparingGpx: 'Готовим файл…',
  gpxStarted: 'Файл GPX скачивается',
  mapLabel: (points: string, length: string) => `Схема маршрута: ${points}, длина ${length}`,
  mapAttribution: '© участники OpenStreetMap',
  mapUnavailable: 'Карта не загрузилась: линия маршрута показана по координатам, север сверху.',
  start: 'Старт',
  end: 'Финиш',
  north: 'С',
  length: (text: string) => `Длина ≈ ${text}`,
  meters: (meters: number) => `${formatNumber(meters, 0)} м`,
  kilometers: (km: number) => `${formatNumber(km, 1)} км`,
} as const;
