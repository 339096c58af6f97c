import { useState } from 'react';
import { Box, NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';
import { Logo } from '@/components/logo';
import { isGroupActive, isLeafActive, visibleNavItems, type NavGroup, type NavLeaf } from './nav-items';
import classes from './shell.module.css';

interface SidebarProps {
  /** Called after an entry was chosen (closes the drawer on phones). */
  onNavigate?: () => void;
}

type GroupChoice = { open: boolean; at: string };

export function Sidebar({ onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { plan, permissions } = useSession();
  const items = visibleNavItems(plan, undefined, permissions);
  // What the user chose for a group, and on which page. A group holding the current route opens by
  // itself; a choice made on this very page wins.
  const [choices, setChoices] = useState<Record<string, GroupChoice>>({});

  const isOpen = (group: NavGroup) => {
    const choice = choices[group.key];
    if (choice && choice.at === pathname) return choice.open;
    return isGroupActive(group, pathname) || Boolean(choice?.open);
  };

  const choose = (group: NavGroup, open: boolean) =>
    setChoices((prev) => ({ ...prev, [group.key]: { open, at: pathname } }));

  const renderLeaf = (leaf: NavLeaf) => {
    const Icon = leaf.icon;
    const active = isLeafActive(leaf, pathname);
    return (
      <NavLink
        key={leaf.key}
        component={Link}
        to={leaf.to}
        label={t(leaf.label)}
        leftSection={<Icon size={18} stroke={1.7} />}
        active={active}
        aria-current={active ? 'page' : undefined}
        className={classes.navLink}
        onClick={onNavigate}
      />
    );
  };

  return (
    <Box component="nav" aria-label={t('shell.nav.label')} data-testid="sidebar" h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box className={classes.brand}>
        <Link to="/" onClick={onNavigate} className={classes.brandLink} aria-label={t('common.appName')}>
          <Logo />
        </Link>
      </Box>
      <ScrollArea style={{ flex: 1 }} px="sm" py="md" type="scroll">
        {items.map((item) => {
          if (item.kind === 'link') return renderLeaf(item);
          const Icon = item.icon;
          const opened = isOpen(item);
          return (
            <NavLink
              key={item.key}
              label={t(item.label)}
              leftSection={<Icon size={18} stroke={1.7} />}
              opened={opened}
              onChange={(open) => choose(item, open)}
              role="button"
              tabIndex={0}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  choose(item, !opened);
                }
              }}
              className={`${classes.navLink} ${classes.groupLabel}`}
              childrenOffset={28}
              noWrap
              data-group={item.key}
              aria-expanded={opened}
            >
              {item.children.map(renderLeaf)}
            </NavLink>
          );
        })}
      </ScrollArea>
    </Box>
  );
}
