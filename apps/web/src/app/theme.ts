import {
  ActionIcon,
  Badge,
  Button,
  Card,
  createTheme,
  Menu,
  Modal,
  NavLink,
  Paper,
  Popover,
  Select,
  TextInput,
  Tooltip,
  type MantineColorsTuple,
} from '@mantine/core';

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
    Button: Button.extend({ defaultProps: { radius: 'md' } }),
    ActionIcon: ActionIcon.extend({ defaultProps: { radius: 'md' } }),
    Card: Card.extend({ defaultProps: { radius: 'lg', withBorder: true, shadow: 'xs', padding: 'lg' } }),
    Paper: Paper.extend({ defaultProps: { radius: 'lg' } }),
    Badge: Badge.extend({ defaultProps: { radius: 'sm', variant: 'light' } }),
    Modal: Modal.extend({ defaultProps: { radius: 'lg', centered: true } }),
    Menu: Menu.extend({ defaultProps: { radius: 'md', shadow: 'md' } }),
    Popover: Popover.extend({ defaultProps: { radius: 'md', shadow: 'md' } }),
    NavLink: NavLink.extend({ defaultProps: { variant: 'light' } }),
    Select: Select.extend({ defaultProps: { radius: 'md' } }),
    TextInput: TextInput.extend({ defaultProps: { radius: 'md' } }),
    Tooltip: Tooltip.extend({ defaultProps: { withArrow: true, openDelay: 300 } }),
  },
});
