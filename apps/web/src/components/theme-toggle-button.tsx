import { ActionIcon, useComputedColorScheme, useMantineColorScheme, type ElementProps } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The colour scheme shown, what switching does next (the switch's label), and the switch. */
export function useThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  return {
    dark,
    label: dark ? t('common.theme.toLight') : t('common.theme.toDark'),
    toggle: () => setColorScheme(dark ? 'light' : 'dark'),
  };
}

/** The light/dark switch without its tooltip; the choice is kept in local storage under `theme`. */
export function ThemeToggleButton(props: ElementProps<'button'>) {
  const { dark, label, toggle } = useThemeToggle();
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      data-testid="theme-toggle"
      {...props}
      onClick={(event) => {
        toggle();
        props.onClick?.(event);
      }}
    >
      {dark ? <IconSun size={18} stroke={1.7} /> : <IconMoon size={18} stroke={1.7} />}
    </ActionIcon>
  );
}
