import { SortButton, useListContext } from 'react-admin';

/**
 * react-admin's sort menu, labelled in words: 'Sort: first name, ascending', and for a list's
 * 'default' sort (the server's own order, which has no direction of its own) 'Sort: default order'.
 */
export function ListSortButton({ fields }: { fields: string[] }) {
  const { sort } = useListContext();

  return <SortButton fields={fields} label={sort.field === 'default' ? 'flock.crud.sort_default' : 'flock.crud.sort_by'} />;
}
