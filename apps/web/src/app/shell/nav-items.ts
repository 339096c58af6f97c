import type { ComponentType } from 'react';
import type { IconProps } from '@tabler/icons-react';
import { planAllows, type Plan } from '@clinic/shared';
import { MENU_GROUPS, mayOpen, PAGES, type MenuGroupKey, type PageEntry } from '@/lib/pages';
import * as NAV_ICONS from './nav-icons';

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
  alsoMatches?: readonly string[];
}

export interface NavGroup {
  kind: 'group';
  key: string;
  label: string;
  icon: Icon;
  children: NavLeaf[];
}

export type NavItem = NavLeaf | NavGroup;

/** An entry's key: the last part of its label's i18n key (`shell.nav.staff` is `staff`). */
const keyOf = (label: string) => label.slice(label.lastIndexOf('.') + 1);

/**
 * The side navigation, from the page registry's menu entries in their order; a group stands where its first entry
 * does. Only the organisation levels are gated by plan (the entry's `plan`): company info needs the company plan,
 * medical complexes the complex plan, departments the department plan. An entry shows only to those who may open its
 * page (the registry's permissions, as the router applies them).
 */
export function navItemsFrom(pages: readonly PageEntry[]): NavItem[] {
  const items: NavItem[] = [];
  const groups = new Map<MenuGroupKey, NavGroup>();
  for (const entry of pages) {
    if (!entry.menu) continue;
    const { label, icon, group, alsoMatches } = entry.menu;
    const leaf: NavLeaf = { kind: 'link', key: keyOf(label), label, to: entry.path, icon: NAV_ICONS[icon], requiredPlan: entry.plan, alsoMatches };
    if (!group) {
      items.push(leaf);
      continue;
    }
    let parent = groups.get(group);
    if (!parent) {
      parent = { kind: 'group', key: group, label: MENU_GROUPS[group].label, icon: NAV_ICONS[MENU_GROUPS[group].icon], children: [] };
      groups.set(group, parent);
      items.push(parent);
    }
    parent.children.push(leaf);
  }
  return items;
}

export const NAV_ITEMS: readonly NavItem[] = navItemsFrom(PAGES);

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
