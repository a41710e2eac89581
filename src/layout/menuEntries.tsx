import type { ReactElement } from 'react';
import { useCanAccessResources, useGetIdentity } from 'react-admin';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArchiveIcon from '@mui/icons-material/Archive';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BadgeIcon from '@mui/icons-material/Badge';
import CampaignIcon from '@mui/icons-material/Campaign';
import ChurchIcon from '@mui/icons-material/Church';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ListAltIcon from '@mui/icons-material/ListAlt';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MapIcon from '@mui/icons-material/Map';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PlaceIcon from '@mui/icons-material/Place';
import StarsIcon from '@mui/icons-material/Stars';
import TerrainIcon from '@mui/icons-material/Terrain';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import type { AccessKey } from '@/src/authProvider/access';
import type { en } from '@/src/i18n/en';

export type MenuName = keyof typeof en.flock.menu;
type MenuLinkDef = { name: MenuName; to: string | ((userId: string) => string); access: AccessKey; icon: ReactElement };
type MenuGroupDef = { name: MenuName; icon: ReactElement; children: MenuLinkDef[] };

export type MenuLink = { name: MenuName; to: string; icon: ReactElement };
export type MenuGroup = { name: MenuName; icon: ReactElement; children: MenuLink[] };
export type MenuEntry = MenuLink | MenuGroup;

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry;
export const menuLabel = (name: MenuName) => `flock.menu.${name}`;

/** The side menu of SPEC.md section 2, in its order; each entry names its access-table key. */
const MENU: Array<MenuLinkDef | MenuGroupDef> = [
  { name: 'profile', to: (userId) => `/profile/${userId}`, access: 'profile', icon: <PersonIcon /> },
  { name: 'overview', to: '/overview', access: 'overview', icon: <DashboardIcon /> },
  { name: 'members', to: '/members-management', access: 'members', icon: <PeopleIcon /> },
  { name: 'firstTimers', to: '/first-timers', access: 'firstTimers', icon: <PersonAddIcon /> },
  { name: 'affinityGroups', to: '/affinity-groups', access: 'affinityGroups', icon: <GroupsIcon /> },
  { name: 'departments', to: '/departments', access: 'departments', icon: <AccountTreeIcon /> },
  { name: 'outreach', to: '/outreach', access: 'outreach', icon: <CampaignIcon /> },
  { name: 'accessories', to: '/accessories', access: 'accessories', icon: <Inventory2Icon /> },
  { name: 'venues', to: '/venue-management', access: 'venues', icon: <PlaceIcon /> },
  // Beyond SPEC.md's menu: the lookup lists of issue 5, which have no entry there.
  {
    name: 'lookups',
    icon: <ListAltIcon />,
    children: [
      { name: 'ministries', to: '/ministries', access: 'ministries', icon: <VolunteerActivismIcon /> },
      { name: 'units', to: '/units', access: 'units', icon: <WorkspacesIcon /> },
      { name: 'specialUnit', to: '/special-unit', access: 'specialUnits', icon: <StarsIcon /> },
      { name: 'moi', to: '/moi', access: 'moi', icon: <BadgeIcon /> },
      { name: 'mountainsOfInfluence', to: '/mountains-of-influence', access: 'mountainsOfInfluence', icon: <TerrainIcon /> },
    ],
  },
  {
    name: 'cih',
    icon: <ChurchIcon />,
    children: [
      { name: 'cihZones', to: '/cih/zones', access: 'cihZones', icon: <MapIcon /> },
      { name: 'cihCenters', to: '/cih/centers', access: 'cihCenters', icon: <ApartmentIcon /> },
      { name: 'cihCenter', to: '/cih/center', access: 'cihCenter', icon: <HomeWorkIcon /> },
      { name: 'cihReports', to: '/cih/reports/centers', access: 'cihReports', icon: <AssessmentIcon /> },
      { name: 'cihFollowup', to: '/cih/reports/followup', access: 'cihFollowup', icon: <FactCheckIcon /> },
    ],
  },
  { name: 'requests', to: '/requests', access: 'requests', icon: <AssignmentIcon /> },
  { name: 'users', to: '/users-management', access: 'users', icon: <ManageAccountsIcon /> },
  // Not in SPEC.md's menu, but /roles-management is one of its routes: reached beside Users management.
  { name: 'roles', to: '/roles-management', access: 'roles', icon: <AdminPanelSettingsIcon /> },
  { name: 'demise', to: '/demise', access: 'demise', icon: <ArchiveIcon /> },
  { name: 'notifications', to: '/notifications', access: 'notifications', icon: <NotificationsIcon /> },
  { name: 'auditLogs', to: '/audit-logs', access: 'auditLogs', icon: <HistoryIcon /> },
];

const links = MENU.flatMap((entry) => ('children' in entry ? entry.children : [entry]));
const MENU_RESOURCES = [...new Set(links.map((link) => link.access))];

/**
 * The menu entries the signed-in user may see, through the auth provider's canAccess with
 * the 'menu' action (Accessories is shown with CAN_VIEW_VENUES). Groups without a visible
 * child disappear. Empty until the permissions and the identity are known.
 */
export function useMenuEntries(): MenuEntry[] {
  const { canAccess } = useCanAccessResources({ resources: MENU_RESOURCES, action: 'menu' });
  const { identity } = useGetIdentity();
  if (!canAccess || !identity) return [];
  const visible = (link: MenuLinkDef): MenuLink[] =>
    canAccess[link.access]
      ? [{ name: link.name, icon: link.icon, to: typeof link.to === 'function' ? link.to(String(identity.id)) : link.to }]
      : [];
  return MENU.flatMap((entry): MenuEntry[] => {
    if (!('children' in entry)) return visible(entry);
    const children = entry.children.flatMap(visible);
    return children.length ? [{ name: entry.name, icon: entry.icon, children }] : [];
  });
}
