import { useTranslate } from 'react-admin';
import { CrudList, type CrudListProps } from './CrudList';
import { PageHeader } from './PageHeader';

/** A route screen that is one list of the definition table under its heading. */
export function CrudPage(props: CrudListProps) {
  const translate = useTranslate();
  const { resource } = props.definition;
  return (
    <>
      <PageHeader title={translate(`resources.${resource}.name`, { smart_count: 2 })} subtitle={translate(`resources.${resource}.intro`)} />
      <CrudList {...props} />
    </>
  );
}
