import { Tooltip } from '@mantine/core';
import { ThemeToggleButton, useThemeToggle } from './theme-toggle-button';

/** Switches between light and dark; the choice is kept in local storage under `theme`. */
export function ThemeToggle() {
  const { label } = useThemeToggle();
  return (
    <Tooltip label={label}>
      <ThemeToggleButton />
    </Tooltip>
  );
}
