import { compareRu } from '#contract/collation';

/** SPEC §5: select lists drop empty entries and sort in Russian alphabetical order. */
export const toSelectList = <T>(items: readonly T[], nameOf: (item: T) => string): T[] =>
  items.filter((item) => nameOf(item).trim() !== '').sort((a, b) => compareRu(nameOf(a), nameOf(b)));

export const toSelectNames = (names: readonly string[]) => toSelectList(names, (name) => name);
