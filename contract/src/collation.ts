const russian = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

/** Russian alphabetical order (SPEC §5: select lists sort by name in Russian locale). */
export const compareRu = (a: string, b: string) => russian.compare(a, b);
