/** Words every screen shares, kept here so each is written one way (they had six spellings). */
export const uiTexts = { loading: 'Загрузка…' } as const;
