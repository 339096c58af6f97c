// Mantine's toast area, a chunk of its own: see DeferredNotifications in providers.tsx.
export { Notifications as default } from '@mantine/notifications';
