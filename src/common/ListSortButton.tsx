import { useMemo } from 'react';
import { I18nContext, SortButton, useI18nProvider, useListContext, useResourceContext, type I18nProvider } from 'react-admin';

/**
 * react-admin's sort menu, labelled in words: 'Sort: first name, ascending', and for a list's
 * 'default' sort (the server's own order, which has no direction of its own) 'Sort: default order'.
 * labels: the words of sorts the i18n cannot know (a church's own fields, by their names),
 * keyed by sort field; react-admin looks each field's label up as resources.<resource>.fields.<field>.
 */
export function ListSortButton({ fields, labels }: { fields: string[]; labels?: Record<string, string> }) {
  const { sort } = useListContext();
  const i18n = useI18nProvider();
  const resource = useResourceContext();
  const named = useMemo<I18nProvider>(() => {
    if (!labels || !Object.keys(labels).length) return i18n;
    const byKey = new Map(Object.entries(labels).map(([field, label]) => [`resources.${resource}.fields.${field}`, label]));
    return { ...i18n, translate: (key, options) => byKey.get(key) ?? i18n.translate(key, options) };
  }, [i18n, labels, resource]);
  const button = <SortButton fields={fields} label={sort.field === 'default' ? 'flock.crud.sort_default' : 'flock.crud.sort_by'} />;
  return named === i18n ? button : <I18nContext.Provider value={named}>{button}</I18nContext.Provider>;
}
