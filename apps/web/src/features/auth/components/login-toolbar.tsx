import { lazy, startTransition, Suspense, useRef, useState } from 'react';
import { Group } from '@mantine/core';
import { LanguageButton } from '@/components/language-button';
import { ThemeToggleButton, useThemeToggle } from '@/components/theme-toggle-button';

/*
 * The language menu and the theme switch's tooltip need Mantine's floating code (menus, popovers, positioning),
 * some 35 KB gzipped, a sixth of what the sign-in page would otherwise load. The page shows the two buttons without
 * it and fetches it once the user comes to them (pointer over, focus, touch); a click on the language button before
 * it has arrived opens the menu as soon as it has. The theme switch works at once.
 */
const loadPopups = () => import('./login-toolbar-popups');
const LanguageMenu = lazy(async () => ({ default: (await loadPopups()).LanguageMenu }));
const ThemeTooltip = lazy(async () => ({ default: (await loadPopups()).ThemeTooltip }));

/** The sign-in screen's language and theme controls. */
export function LoginToolbar({ className }: { className?: string }) {
  const { label } = useThemeToggle();
  const themeButton = useRef<HTMLButtonElement>(null);
  const [near, setNear] = useState(false);
  const [menuOpened, setMenuOpened] = useState(false);

  const comeNear = () => {
    if (near) return;
    void loadPopups().catch(() => undefined); // reported, if it fails, by the control that needs it
    startTransition(() => setNear(true));
  };

  return (
    <Group
      justify="flex-end"
      gap="xs"
      className={className}
      onPointerEnter={comeNear}
      onFocus={comeNear}
      onTouchStart={comeNear}
    >
      {menuOpened ? (
        <Suspense fallback={<LanguageButton />}>
          <LanguageMenu variant="button" defaultOpened />
        </Suspense>
      ) : (
        <LanguageButton
          aria-haspopup="menu"
          aria-expanded={false}
          onClick={() => startTransition(() => setMenuOpened(true))}
        />
      )}
      <ThemeToggleButton ref={themeButton} />
      {near && (
        <Suspense fallback={null}>
          <ThemeTooltip label={label} target={themeButton} />
        </Suspense>
      )}
    </Group>
  );
}
