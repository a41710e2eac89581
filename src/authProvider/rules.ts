import { P } from '@/domain/roles/permissions';

/** Any one of these permission strings grants access; an empty rule admits every signed-in user. */
export type Rule = readonly string[];

/** A rule per react-admin action; 'view' guards the route and stands in for absent actions. */
export type AccessEntry = { view: Rule } & Partial<Record<string, Rule>>;

export const SIGNED_IN: Rule = [];
export const CIH_MANAGEMENT: Rule = [P.viewCihManagement];
export const CIH_CENTER: Rule = [P.viewCihManagement, P.viewCihCenter];

/** A record kind's rules: who sees it, and the rights its create, edit and delete buttons need. */
export const crudRules = (view: Rule, create: string, edit: string, remove: string) => ({
  view,
  create: [create],
  edit: [edit],
  delete: [remove],
});
