import {
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
  type InputClearButtonProps,
  type ActionIconProps,
  type BadgeProps,
  type ButtonProps,
  type CardProps,
  type MantineColorsTuple,
  type MantineThemeComponent,
  type MenuProps,
  type ModalProps,
  type DrawerProps,
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
    // A menu gives the focus back to its button when it closes, and so does a dialog one of its entries opened.
    Menu: defaults<MenuProps>({ radius: 'md', shadow: 'md', returnFocus: true }),
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
  /** The clear button of date pickers and selects (Mantine's has no label at all). */
  clear: string;
  /** The close button of dialogs and drawers. */
  close: string;
}

/** The theme with its texts in the interface language. */
export function localisedTheme(texts: ThemeTexts) {
  return createTheme({
    ...theme,
    components: {
      ...theme.components,
      PasswordInput: defaults<PasswordInputProps>({ visibilityToggleButtonProps: { 'aria-label': texts.togglePassword } }),
      InputClearButton: defaults<InputClearButtonProps & { 'aria-label': string }>({ 'aria-label': texts.clear }),
      Modal: defaults<ModalProps>({ radius: 'lg', centered: true, closeButtonProps: { 'aria-label': texts.close } }),
      Drawer: defaults<DrawerProps>({ closeButtonProps: { 'aria-label': texts.close } }),
    },
  });
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => p - q) as [number, number];
  return (y + 0.05) / (x + 0.05);
}

/** `color` darkened just enough to reach `ratio` against every background of `on` (text: 4.5, WCAG AA). */
export function readableOn(color: string, on: readonly string[], ratio = 4.5): string {
  let out = color;
  for (let step = 0.05; on.some((bg) => contrast(out, bg) < ratio) && step <= 0.9; step += 0.05) out = darken(color, step);
  return out;
}

/**
 * Colours that hold WCAG AA contrast in both schemes. Mantine's defaults put white text on shade 6 fills (3:1 for red,
 * orange, green, yellow), shade 9 text on shade 1 "light" fills (teal and yellow fall short), and grey 6 as the dimmed
 * text (3.3:1 on white). Here each fill, outline and text colour is the theme's own shade darkened only as far as it
 * must be; the dimmed text, the placeholders and the error text are darker in light mode and lighter in dark mode.
 */
export const contrastResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-placeholder': '#6b7280',
    '--mantine-color-error': readableOn(t.colors.red[6], ['#ffffff', '#f4f7fa', '#f8f9fa']),
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': '#adadad',
    '--mantine-color-placeholder': '#9a9a9a',
    '--mantine-color-error': t.colors.red[4],
  };
  const lightShade = typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.light;
  const darkShade = typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.dark;
  const surfaces = ['#ffffff', '#f4f7fa', '#f8f9fa'];
  for (const [name, shades] of Object.entries(t.colors)) {
    if (!shades || shades.length < 10 || name === 'dark') continue;
    const filled = readableOn(shades[lightShade]!, ['#ffffff']);
    const text = readableOn(shades[lightShade]!, surfaces);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    if (name === t.primaryColor) light['--mantine-color-anchor'] = text;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9]!, [shades[1]!, shades[2]!, '#ffffff']);
    const darkFilled = readableOn(shades[darkShade]!, ['#ffffff']);
    dark[`--mantine-color-${name}-filled`] = darkFilled;
    dark[`--mantine-color-${name}-filled-hover`] = darken(darkFilled, 0.1);
    // Links on dark surfaces: a lighter shade than Mantine's default (shade 4 is just under 4.5:1 on a dark card).
    if (name === t.primaryColor) dark['--mantine-color-anchor'] = shades[3]!;
  }
  return { variables: {}, light, dark };
};
