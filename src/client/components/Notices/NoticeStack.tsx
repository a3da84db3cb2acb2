import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications, type NotificationsProps } from '@mantine/notifications';

/**
 * Mantine's notification stack and its transitions, in the chunk Notices loads with the first
 * notice. Notices rise from the bottom (centred on phones, in the right corner on wider screens):
 * the top of the screen holds what must stay usable while one shows — the header's links and
 * theme toggle, the receipt's Print button, the activity log's title and close button.
 */
export default function NoticeStack(props: Omit<NotificationsProps, 'position'>) {
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  return <Notifications {...props} position={phone ? 'bottom-center' : 'bottom-right'} />;
}
