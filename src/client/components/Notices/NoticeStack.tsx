import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

/** Mantine's notification stack and its transitions, in the chunk Notices loads with the first notice. */
export { Notifications as default } from '@mantine/notifications';
