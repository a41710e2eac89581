export { AddButton, CrudList, type CrudListProps } from './CrudList';
export { CrudForm } from './CrudForm';
export { CrudFormDialog, useSavedEffect, type DialogState } from './CrudFormDialog';
export { CrudPage } from './CrudPage';
export { EmptyNote } from './EmptyNote';
export { MemberInput } from './MemberInput';
export { PageHeader } from './PageHeader';
export { behindButton, cellOf, ColumnCards, longDate, TableList, useCsvExporter, type TableListProps } from './TableList';
export type { ApiRecord, ColumnDef, CrudDefinition, CrudResource, FieldDef, RowLink } from './types';
