export { notificationsHandlers } from './handlers';
export { startMockRealtimeFeed } from './feed';
export { mockNotifications, pushMockNotification, resetNotificationMocks } from './store';
