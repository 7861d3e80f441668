export const texts = {
  discount: (rubles: number) => `Скидка ${rubles} руб`,
  used: 'ИСПОЛЬЗОВАН',
  qrOf: (companyName: string) => `QR купона «${companyName}»`,
  openQr: (companyName: string) => `Открыть крупно QR купона «${companyName}»`,
  usedQrOf: (companyName: string) => `Использованный QR купона «${companyName}»`,
} as const;
