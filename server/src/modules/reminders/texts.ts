/** What the bot answers «Не напоминать» (a callback answer: at most 200 characters). */
export const reminderBotTexts = {
  turnedOff: 'Напоминания выключены. Включить их снова можно в разделе «Мои данные».',
} as const;
