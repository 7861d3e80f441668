/** The holder's own refund in My QR: its button, and the confirmation loaded at its press. */
export const refundTexts = {
  button: 'Вернуть деньги',
  question: (amount: number, companyName: string) => `Вернуть ${amount} руб за купон «${companyName}»?`,
  detail:
    'QR перестанет действовать сразу, и скидку по нему получить будет нельзя. Деньги вернутся тем же способом, каким вы платили.',
  confirm: 'Да, вернуть деньги',
  cancel: 'Нет',
  refunded: (amount: number) => `Деньги возвращены: ${amount} руб. Купон больше не действует.`,
  pending: (amount: number) =>
    `Возврат ${amount} руб оформлен, деньги придут в ближайшие дни. Купон больше не действует.`,
} as const;
