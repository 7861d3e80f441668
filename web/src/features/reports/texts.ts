/** Texts of the report screens' shared parts: the period and the export. */
export const reportTexts = {
  from: 'С',
  to: 'По',
  export: 'ВЫГРУЗИТЬ CSV',
  exporting: 'Готовим файл…',
  exportStarted: 'Файл CSV скачивается',
  exportSent: 'Бот отправил файл CSV в чат с вами',
} as const;
