/** What the shell uses of the notifications feature: the bell's lists and the live events. */
export { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from './api/notifications';
export { useLiveEvents } from './hooks/use-live-events';
