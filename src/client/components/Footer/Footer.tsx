import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { telHref } from '../../../shared/business';
import { yearInManila } from '../../../shared/isoDate';
import { copy } from '../../content/site';
import { FIND_BOOKING_PATH } from '../../features/myBooking/paths';
import type { Anchor as SectionAnchor } from '../../features/site/anchors';
import { SectionLink } from '../../features/site/SectionLink';
import { useSiteInfo } from '../../features/site/useSiteInfo';
import { Logo } from '../Logo/Logo';
import { localePath } from '../../i18n';
import { FacebookLink } from '../Channels/Channels';
import { EmailAddress } from '../EmailAddress/EmailAddress';

const SCROLL_LINKS: Array<{ anchor: SectionAnchor; label: () => string }> = [
  { anchor: 'cars', label: () => copy.nav.fleet },
  { anchor: 'booking', label: () => copy.nav.book },
  { anchor: 'about', label: () => copy.footer.aboutUs },
  { anchor: 'contact', label: () => copy.nav.contact },
];

/** A column of the footer: its small heading and its links. */
function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} align="flex-start">
      <Title order={2} size="h6" tt="uppercase" c="dimmed">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function Footer() {
  const business = useSiteInfo();
  return (
    <Box component="footer" className="no-print" py={48} bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))" style={{ borderTop: '1px solid light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-5))' }}>
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="sm" align="flex-start">
            <Logo />
            <Text size="sm" c="dimmed">
              {copy.footer.tagline}
            </Text>
          </Stack>
          <FooterColumn title={copy.footer.links}>
            {SCROLL_LINKS.map((link) => (
              <Anchor key={link.anchor} component={SectionLink} anchor={link.anchor} fz="sm" c="inherit" className="touch-target">
                {link.label()}
              </Anchor>
            ))}
            <Anchor component={Link} to={localePath(FIND_BOOKING_PATH)} fz="sm" c="inherit" className="touch-target">
              {copy.nav.findBooking}
            </Anchor>
          </FooterColumn>
          <FooterColumn title={copy.footer.legal}>
            <Anchor component={Link} to={localePath('/terms')} fz="sm" c="inherit" className="touch-target">
              {copy.footer.terms}
            </Anchor>
            <Anchor component={Link} to={localePath('/privacy')} fz="sm" c="inherit" className="touch-target">
              {copy.footer.privacy}
            </Anchor>
          </FooterColumn>
          <FooterColumn title={copy.nav.contact}>
            <Anchor href={telHref(business.phonePrimary)} fz="sm" c="inherit" className="touch-target">
              {business.phonePrimary}
            </Anchor>
            <Anchor href={`mailto:${business.email}`} fz="sm" c="inherit" className="touch-target">
              <EmailAddress address={business.email} />
            </Anchor>
            <Text fz="sm">{business.hours}</Text>
            <FacebookLink url={business.facebookUrl} />
          </FooterColumn>
        </SimpleGrid>
        <Group justify="space-between" mt={40} pt="md" style={{ borderTop: '1px solid light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-5))' }}>
          <Text size="xs" c="dimmed">
            {copy.footer.rights({ year: yearInManila(), name: business.name })}
          </Text>
          <Text size="xs" c="dimmed">
            {business.addressLine2}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
