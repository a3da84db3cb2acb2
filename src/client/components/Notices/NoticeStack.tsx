import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications, type NotificationsProps } from '@mantine/notifications';

/**
 * Mantine's notification stack and its transitions, in the chunk Notices loads with the first
 * notice. On phones notices rise from the bottom, clear of the header and of a dialog's buttons.
 */
export default function NoticeStack(props: Omit<NotificationsProps, 'position'>) {
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  return <Notifications {...props} position={phone ? 'bottom-center' : 'top-right'} />;
}
