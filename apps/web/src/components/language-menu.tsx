import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@clinic/shared';
import { currentLanguage, switchLanguage } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { LanguageButton } from './language-button';

interface LanguageMenuProps {
  /** `icon` for the top bar, `button` (icon and language name) for the sign-in screen. */
  variant?: 'icon' | 'button';
  /** Opens the menu on mount (the sign-in screen's button, clicked before the menu's code was loaded). */
  defaultOpened?: boolean;
}

/** Lets the user choose English or Arabic; Arabic switches the page to right-to-left. */
export function LanguageMenu({ variant = 'icon', defaultOpened }: LanguageMenuProps) {
  const { t } = useTranslation();
  const active = currentLanguage();
  const label = t('common.language');
  return (
    <Menu position="bottom-end" width={180} defaultOpened={defaultOpened}>
      <Menu.Target>
        {variant === 'icon' ? (
          <Tooltip label={label}>
            <ActionIcon variant="default" size="lg" aria-label={label} data-testid="language-menu">
              <IconLanguage size={18} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <LanguageButton />
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {LANGUAGES.map((lang) => (
          <Menu.Item
            key={lang}
            lang={lang}
            onClick={() => void switchLanguage(lang).catch(() => notifyError(t('errors.network')))}
            rightSection={lang === active ? <IconCheck size={16} /> : null}
            aria-current={lang === active ? 'true' : undefined}
          >
            {t(`common.languages.${lang}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
