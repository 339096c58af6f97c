// What the sign-in page's controls need Mantine's floating code for; loaded on demand by LoginToolbar.
import { useState, type RefObject } from 'react';
import { Tooltip } from '@mantine/core';

export { LanguageMenu } from '@/components/language-menu';

interface ThemeTooltipProps {
  label: string;
  target: RefObject<HTMLButtonElement | null>;
}

/** The theme switch's tooltip. The pointer may already be on the switch when this arrives: it then opens at once. */
export function ThemeTooltip({ label, target }: ThemeTooltipProps) {
  const [hovered] = useState(() => target.current?.matches(':hover') ?? false);
  return <Tooltip label={label} target={target} defaultOpened={hovered} />;
}
