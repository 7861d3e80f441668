/** What the app's frame says while a screen's code is on its way. */
export const appTexts = { loadingScreen: 'Загрузка…' } as const;
