import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const NoticeStack = lazy(() => import('./NoticeStack'));

/**
 * Where notices appear. Only the lazy forms and the dashboard show notices (src/client/notify.ts),
 * so the stack that renders them loads with the first one: the store holds it meanwhile, and the
 * stack stays mounted afterwards so each notice can leave with its transition.
 */
export function Notices(props: Omit<NotificationsProps, 'position'>) {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NoticeStack {...props} />
    </Suspense>
  ) : null;
}
