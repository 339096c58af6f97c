import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findPage, mayOpen } from '@/lib/pages';
import { useSession } from '@/lib/session-context';

/** The title key for a path, or null for a path no screen owns. */
export function pageTitleKey(pathname: string): string | null {
  return findPage(pathname)?.title ?? null;
}

/** The translated title of the current page; also shown as the browser tab's title. */
export function usePageTitle(): string {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const matches = useMatches();
  const { permissions } = useSession();
  const notFound = matches.some((match) => (match.handle as { notFound?: boolean } | undefined)?.notFound);
  const key = notFound ? null : pageTitleKey(pathname);
  const title = t(!key ? 'shell.titles.notFound' : mayOpen(pathname, permissions) ? key : 'shell.titles.noAccess');
  const appName = t('common.appName');

  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);

  return title;
}
