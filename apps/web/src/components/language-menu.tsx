import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@clinic/shared';
import { currentLanguage } from '@/lib/i18n';

interface LanguageMenuProps {
  /** `icon` for the top bar, `button` (icon and language name) for the sign-in screen. */
  variant?: 'icon' | 'button';
}

/** Lets the user choose English or Arabic; Arabic switches the page to right-to-left. */
export function LanguageMenu({ variant = 'icon' }: LanguageMenuProps) {
  const { t, i18n } = useTranslation();
  const active = currentLanguage();
  const label = t('common.language');
  return (
    <Menu position="bottom-end" width={180}>
      <Menu.Target>
        {variant === 'icon' ? (
          <Tooltip label={label}>
            <ActionIcon variant="default" size="lg" aria-label={label} data-testid="language-menu">
              <IconLanguage size={18} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            aria-label={label}
            data-testid="language-menu"
            leftSection={<IconLanguage size={16} stroke={1.7} />}
          >
            {t(`common.languages.${active}`)}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {LANGUAGES.map((lang) => (
          <Menu.Item
            key={lang}
            lang={lang}
            onClick={() => void i18n.changeLanguage(lang)}
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
