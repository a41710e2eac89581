import { CrudPage } from '@/src/common/crud';
import { DEPARTMENTS } from './definition';

/** /departments: every department with its head and member count (GetAllDepartmentByTotal). */
export const DepartmentList = () => <CrudPage definition={DEPARTMENTS} />;
