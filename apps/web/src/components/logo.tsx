import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconStethoscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface LogoProps {
  size?: 'sm' | 'md' | 'lg';
  /** Show the product name next to the mark. */
  withName?: boolean;
}

const sizes = { sm: { icon: 30, glyph: 18, text: 'md' }, md: { icon: 36, glyph: 22, text: 'lg' }, lg: { icon: 48, glyph: 28, text: 'xl' } } as const;

/** The product mark and name. */
export function Logo({ size = 'md', withName = true }: LogoProps) {
  const { t } = useTranslation();
  const s = sizes[size];
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon
        size={s.icon}
        radius="md"
        variant="gradient"
        gradient={{ from: 'cyan.5', to: 'clinic.7', deg: 135 }}
        aria-hidden
      >
        <IconStethoscope size={s.glyph} stroke={1.8} />
      </ThemeIcon>
      {withName && (
        <Text fw={700} fz={s.text} lh={1.1} style={{ letterSpacing: '-0.01em' }}>
          {t('common.appName')}
        </Text>
      )}
    </Group>
  );
}
