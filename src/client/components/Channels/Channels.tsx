import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandMessenger, IconBrandViber, IconWallet } from '@tabler/icons-react';
import { viberHref, type TBusinessInfo } from '../../../shared/business';
import { copy } from '../../content/site';

type ChannelInfo = Pick<TBusinessInfo, 'messengerUrl' | 'viberNumber'>;

/**
 * Messenger and Viber, the chat apps most renters message a business through: a button each, when
 * the garage's settings name them (BUSINESS_MESSENGER_URL, BUSINESS_VIBER_NUMBER); nothing otherwise.
 */
export function Channels({ business, size = 'sm', variant = 'default' }: { business: ChannelInfo; size?: 'xs' | 'sm' | 'md'; variant?: 'default' | 'white' }) {
  if (!business.messengerUrl && !business.viberNumber) return null;
  const c = copy.channels;
  return (
    <Group gap="xs" data-testid="channels">
      {business.messengerUrl ? (
        <Button component="a" href={business.messengerUrl} target="_blank" rel="noopener noreferrer" size={size} variant={variant} leftSection={<IconBrandMessenger size={16} aria-hidden />} aria-label={c.messengerLabel} data-testid="messenger-link">
          {c.messenger}
        </Button>
      ) : null}
      {business.viberNumber ? (
        <Button component="a" href={viberHref(business.viberNumber)} size={size} variant={variant} leftSection={<IconBrandViber size={16} aria-hidden />} aria-label={c.viberLabel({ number: business.viberNumber })} data-testid="viber-link">
          {c.viber}
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * How to pay a reservation fee ahead without a gateway: the garage's GCash and Maya accounts, when
 * set, with the booking's reference to write in the transfer's message. Staff record what arrives as
 * a payment (method GCash or Maya).
 */
export function PayAhead({ business, reference }: { business: Pick<TBusinessInfo, 'gcash' | 'maya' | 'messengerUrl' | 'viberNumber'>; reference: string }) {
  const wallets = [
    ['GCash', business.gcash],
    ['Maya', business.maya],
  ] as const;
  const shown = wallets.filter(([, account]) => account !== null);
  if (!shown.length) return null;
  const c = copy.payAhead;
  return (
    <Stack gap={6} data-testid="pay-ahead">
      <Title order={3} size="h6">
        <Group gap={6} component="span">
          <IconWallet size={16} aria-hidden />
          {c.title}
        </Group>
      </Title>
      <Text size="sm">{c.lead({ reference })}</Text>
      {shown.map(([wallet, account]) => (
        <Text key={wallet} size="sm" data-testid={`pay-ahead-${wallet.toLowerCase()}`}>
          <Text span fw={700}>
            {wallet}:
          </Text>{' '}
          {c.account({ name: account!.name, number: account!.number })}
        </Text>
      ))}
      <Channels business={business} size="xs" />
    </Stack>
  );
}

/** The garage's Facebook page, when its settings name one. */
export function FacebookLink({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" fz="sm" c="inherit" className="touch-target" data-testid="facebook-link">
      {copy.footer.facebook}
    </Anchor>
  );
}
