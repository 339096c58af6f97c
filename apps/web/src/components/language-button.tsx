import { Button, type ButtonProps, type ElementProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';

/** The language menu's button on the stand-alone screens: an icon and the active language's name. */
export function LanguageButton(props: ButtonProps & ElementProps<'button', keyof ButtonProps>) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      aria-label={t('common.language')}
      data-testid="language-menu"
      leftSection={<IconLanguage size={16} stroke={1.7} />}
      {...props}
    >
      {t(`common.languages.${currentLanguage()}`)}
    </Button>
  );
}
