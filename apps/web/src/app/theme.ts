import {
  createTheme,
  type ActionIconProps,
  type BadgeProps,
  type ButtonProps,
  type CardProps,
  type MantineColorsTuple,
  type MantineThemeComponent,
  type MenuProps,
  type ModalProps,
  type NavLinkProps,
  type PaperProps,
  type PasswordInputProps,
  type PopoverProps,
  type SelectProps,
  type TextInputProps,
  type TooltipProps,
} from '@mantine/core';

/**
 * A component's default props. Written as data rather than with `Button.extend(...)`, which would pull every
 * component named here (Select, Modal, Menu...) into the entry chunk.
 */
function defaults<Props>(defaultProps: Partial<Props>): MantineThemeComponent {
  return { defaultProps };
}

/** A calm teal blue: shade 6 keeps white text above 4.5:1 contrast. */
const clinic: MantineColorsTuple = [
  '#e7f5f9',
  '#d3eaf1',
  '#a7d3e2',
  '#77bbd2',
  '#50a6c4',
  '#3699ba',
  '#13809f',
  '#0d7190',
  '#066280',
  '#00526d',
];

export const latinFontStack =
  'Inter, "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans Arabic", Tahoma, sans-serif';

export const theme = createTheme({
  primaryColor: 'clinic',
  primaryShade: { light: 6, dark: 7 },
  colors: { clinic },
  fontFamily: latinFontStack,
  headings: { fontFamily: latinFontStack, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: defaults<ButtonProps>({ radius: 'md' }),
    ActionIcon: defaults<ActionIconProps>({ radius: 'md' }),
    Card: defaults<CardProps>({ radius: 'lg', withBorder: true, shadow: 'xs', padding: 'lg' }),
    Paper: defaults<PaperProps>({ radius: 'lg' }),
    Badge: defaults<BadgeProps>({ radius: 'sm', variant: 'light' }),
    Modal: defaults<ModalProps>({ radius: 'lg', centered: true }),
    Menu: defaults<MenuProps>({ radius: 'md', shadow: 'md' }),
    Popover: defaults<PopoverProps>({ radius: 'md', shadow: 'md' }),
    NavLink: defaults<NavLinkProps>({ variant: 'light' }),
    Select: defaults<SelectProps>({ radius: 'md' }),
    TextInput: defaults<TextInputProps>({ radius: 'md' }),
    Tooltip: defaults<TooltipProps>({ withArrow: true, openDelay: 300 }),
  },
});

/** Texts the theme's default props carry, in the interface language. */
export interface ThemeTexts {
  /** The password fields' show/hide button (Mantine's own label is English only). */
  togglePassword: string;
}

/** The theme with its texts in the interface language. */
export function localisedTheme(texts: ThemeTexts) {
  return createTheme({
    ...theme,
    components: {
      ...theme.components,
      PasswordInput: defaults<PasswordInputProps>({ visibilityToggleButtonProps: { 'aria-label': texts.togglePassword } }),
    },
  });
}
