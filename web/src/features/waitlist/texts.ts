/** The line of a sold-out offer on the buy screen, and a unit it holds for the caller. */
export const texts = {
  joinWaitlist: 'Встать в очередь',
  leaveWaitlist: 'Выйти из очереди',
  placeInLine: (position: number) => `Вы в очереди: ваше место ${position}.`,
  heldForYou: (until: string) =>
    `Купон отложен для вас до ${until}. Оплатите его до этого времени, потом он перейдет следующему в очереди.`,
  heldCountdown: (countdown: string) => `Осталось: ${countdown}`,
} as const;
