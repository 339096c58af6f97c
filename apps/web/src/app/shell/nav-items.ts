import type { ComponentType } from 'react';
import {
  IconBuilding,
  IconBuildingCommunity,
  IconBuildingHospital,
  IconCalendarEvent,
  IconFirstAidKit,
  IconHistory,
  IconIdBadge2,
  IconLayoutKanban,
  IconMicroscope,
  IconSend,
  IconShieldLock,
  IconSitemap,
  IconStethoscope,
  IconUserHeart,
  IconUsers,
  IconUsersGroup,
  type IconProps,
} from '@tabler/icons-react';
import { planAllows, type Plan } from '@clinic/shared';
import { mayOpen } from '@/lib/pages';

type Icon = ComponentType<IconProps>;

export interface NavLeaf {
  kind: 'link';
  key: string;
  /** i18n key of the label. */
  label: string;
  to: string;
  icon: Icon;
  /** Shown only when the user's plan includes this level. */
  requiredPlan?: Plan;
  /** Other path prefixes that belong to this entry (the users list lives at / and /users). */
  alsoMatches?: string[];
}

export interface NavGroup {
  kind: 'group';
  key: string;
  label: string;
  icon: Icon;
  children: NavLeaf[];
}

export type NavItem = NavLeaf | NavGroup;

/**
 * The side navigation. Only the organisation levels are gated by plan: company info needs the company
 * plan, medical complexes the complex plan, departments the department plan. Everything else is part
 * of every plan, a single clinic included. An entry shows only to those who may open its page (the
 * page registry's permissions, as the router applies them).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { kind: 'link', key: 'users', label: 'shell.nav.users', to: '/', icon: IconUsers, alsoMatches: ['/users'] },
  { kind: 'link', key: 'roles', label: 'shell.nav.roles', to: '/roles', icon: IconShieldLock },
  { kind: 'link', key: 'audit', label: 'shell.nav.audit', to: '/audit', icon: IconHistory },
  { kind: 'link', key: 'reminders', label: 'shell.nav.reminders', to: '/reminders', icon: IconSend },
  { kind: 'link', key: 'frontdesk', label: 'shell.nav.frontdesk', to: '/frontdesk', icon: IconLayoutKanban },
  { kind: 'link', key: 'appointments', label: 'shell.nav.appointments', to: '/appointments', icon: IconCalendarEvent },
  { kind: 'link', key: 'patients', label: 'shell.nav.patients', to: '/patients', icon: IconUserHeart },
  {
    kind: 'group',
    key: 'medicalFacilities',
    label: 'shell.nav.medicalFacilities',
    icon: IconBuildingHospital,
    children: [
      { kind: 'link', key: 'company', label: 'shell.nav.company', to: '/company', icon: IconBuilding, requiredPlan: 'company' },
      { kind: 'link', key: 'medicalComplexes', label: 'shell.nav.medicalComplexes', to: '/medicalComplexes', icon: IconBuildingCommunity, requiredPlan: 'complex' },
      { kind: 'link', key: 'departments', label: 'shell.nav.departments', to: '/departements', icon: IconSitemap, requiredPlan: 'department' },
      { kind: 'link', key: 'services', label: 'shell.nav.services', to: '/services', icon: IconFirstAidKit },
      { kind: 'link', key: 'clinics', label: 'shell.nav.clinics', to: '/clinics', icon: IconBuildingHospital },
    ],
  },
  {
    kind: 'group',
    key: 'doctorsAndStaff',
    label: 'shell.nav.doctorsAndStaff',
    icon: IconUsersGroup,
    children: [
      { kind: 'link', key: 'staff', label: 'shell.nav.staff', to: '/employees', icon: IconIdBadge2 },
      { kind: 'link', key: 'doctors', label: 'shell.nav.doctors', to: '/doctors', icon: IconStethoscope },
      { kind: 'link', key: 'specialities', label: 'shell.nav.specialities', to: '/specialities', icon: IconMicroscope },
    ],
  },
];

/**
 * The entries the plan (and, when given, the user's permissions) allow; a group with no entry left is
 * dropped.
 */
export function visibleNavItems(plan: Plan | null, items: readonly NavItem[] = NAV_ITEMS, held?: readonly string[] | null): NavItem[] {
  const allowed = (leaf: NavLeaf) => planAllows(plan, leaf.requiredPlan) && (!held || mayOpen(leaf.to, held));
  const result: NavItem[] = [];
  for (const item of items) {
    if (item.kind === 'link') {
      if (allowed(item)) result.push(item);
      continue;
    }
    const children = item.children.filter(allowed);
    if (children.length) result.push({ ...item, children });
  }
  return result;
}

function matchesPrefix(prefix: string, pathname: string): boolean {
  const path = pathname.toLowerCase();
  const base = prefix.toLowerCase();
  return path === base || path.startsWith(`${base}/`);
}

/** True when the route belongs to the entry (its own page or any page below it). */
export function isLeafActive(leaf: NavLeaf, pathname: string): boolean {
  if (leaf.to === '/') {
    return pathname === '/' || (leaf.alsoMatches ?? []).some((prefix) => matchesPrefix(prefix, pathname));
  }
  return [leaf.to, ...(leaf.alsoMatches ?? [])].some((prefix) => matchesPrefix(prefix, pathname));
}

export function isGroupActive(group: NavGroup, pathname: string): boolean {
  return group.children.some((child) => isLeafActive(child, pathname));
}
