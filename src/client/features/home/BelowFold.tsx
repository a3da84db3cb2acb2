import { Anchor, Box, Card, Grid, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCar, IconClock, IconCrown, IconHeadset, IconLeaf, IconMail, IconMapPin, IconPhone, IconShieldCheck, IconStar, IconTag, IconTruck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CATEGORY_GROUPS, siteSearchParams, type CategoryGroup } from '../../../shared/carLinks';
import { telHref } from '../../../shared/business';
import { EmailAddress } from '../../components/EmailAddress/EmailAddress';
import { HydrateWhenSeen } from '../../components/HydrateWhenSeen/HydrateWhenSeen';
import { homeCopy } from '../../content/home';
import { LazyContactForm } from '../contact/LazyContactForm';
import { useSiteInfo } from '../site/useSiteInfo';
import { Section } from './Sections';
import { localePath } from '../../i18n';
import { Channels } from '../../components/Channels/Channels';
import classes from './BelowFold.module.css';

const CATEGORY_ICONS: Record<CategoryGroup, ReactNode> = {
  'premium-sedans': <IconCar size={26} aria-hidden />,
  'suvs-trucks': <IconTruck size={26} aria-hidden />,
  eco: <IconLeaf size={26} aria-hidden />,
  vip: <IconCrown size={26} aria-hidden />,
};

/** The four category cards, each a search of the categories it stands for (CATEGORY_GROUPS). */
export function Categories() {
  return (
    <Section title={homeCopy.categories.title} tinted>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {(Object.keys(CATEGORY_GROUPS) as CategoryGroup[]).map((key) => {
          const item = homeCopy.categories.items[key];
          return (
            <Card key={key} padding="lg" component={Link} to={`${localePath('/booking')}?${siteSearchParams({ category: [...CATEGORY_GROUPS[key]] }).toString()}`} className="category-card" data-testid="category-card">
              <ThemeIcon size={52} radius="md" variant="light">
                {CATEGORY_ICONS[key]}
              </ThemeIcon>
              <Title order={3} size="h4" mt="md">
                {item.title}
              </Title>
              <Text c="dimmed" mt={6} fz="sm">
                {item.text}
              </Text>
              <Group gap={4} mt="md" c="var(--color-accent-text)" fw={700} fz="sm">
                {homeCopy.categories.see}
                <IconArrowRight size={16} aria-hidden />
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </Section>
  );
}

const WHY_ICONS: Record<string, ReactNode> = {
  insured: <IconShieldCheck size={26} aria-hidden />,
  support: <IconHeadset size={26} aria-hidden />,
  fleet: <IconStar size={26} aria-hidden />,
  rates: <IconTag size={26} aria-hidden />,
};

export function WhyChooseUs() {
  const business = useSiteInfo();
  return (
    <Section title={homeCopy.why.title}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
        {Object.entries(homeCopy.why.items).map(([key, item]) => (
          <Stack key={key} gap="xs">
            <ThemeIcon size={52} radius="xl" color="sand.7" variant="filled">
              {WHY_ICONS[key]}
            </ThemeIcon>
            <Title order={3} size="h4">
              {item.title}
            </Title>
            <Text c="dimmed" fz="sm">
              {typeof item.text === 'function' ? item.text({ hours: business.hours }) : item.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Section>
  );
}

export function About() {
  return (
    <Section id="about" title={homeCopy.about.title} tinted>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
        <Stack gap="md">
          {homeCopy.about.text.map((paragraph) => (
            <Text key={paragraph.slice(0, 20)} fz="lg">
              {paragraph}
            </Text>
          ))}
        </Stack>
        <SimpleGrid cols={2} spacing="lg">
          {homeCopy.about.stats.map((stat) => (
            <Card key={stat.label} padding="lg" px="sm" ta="center" className={classes.stat}>
              <Text fw={900} c="var(--color-accent-text)" lh={1.1} className={classes.figure}>
                {stat.value}
              </Text>
              <Text c="dimmed" fz="sm" mt={4}>
                {stat.label}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </SimpleGrid>
    </Section>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <ThemeIcon size={44} radius="md" variant="light">
        {icon}
      </ThemeIcon>
      {/* Long words (the garage's e-mail domain on a small phone) break rather than run past the edge. */}
      <Box miw={0} style={{ overflowWrap: 'anywhere' }}>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          {label}
        </Text>
        <Box fz="md">{children}</Box>
      </Box>
    </Group>
  );
}

export function ContactSection() {
  const business = useSiteInfo();
  return (
    <Section id="contact" title={homeCopy.contact.title} lead={homeCopy.contact.lead}>
      <Grid gap={40}>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
          <Detail icon={<IconPhone size={20} aria-hidden />} label={homeCopy.contact.phone}>
            <Anchor href={telHref(business.phonePrimary)} c="inherit" className="tap-target">
              {business.phonePrimary}
            </Anchor>
            <br />
            <Anchor href={telHref(business.phoneSecondary)} c="inherit" className="tap-target">
              {business.phoneSecondary}
            </Anchor>
          </Detail>
          <Detail icon={<IconMail size={20} aria-hidden />} label={homeCopy.contact.email}>
            <Anchor href={`mailto:${business.email}`} c="inherit" className="tap-target">
              <EmailAddress address={business.email} />
            </Anchor>
          </Detail>
          <Detail icon={<IconMapPin size={20} aria-hidden />} label={homeCopy.contact.address}>
            {business.addressLine1}
            <br />
            {business.addressLine2}
            <br />
            <Anchor href={business.mapsUrl} target="_blank" rel="noopener noreferrer" fz="sm" className="tap-target">
              {homeCopy.contact.maps}
            </Anchor>
          </Detail>
          <Detail icon={<IconClock size={20} aria-hidden />} label={homeCopy.contact.hours}>
            {business.hours}
          </Detail>
          <Channels business={business} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <LazyContactForm />
        </Grid.Col>
      </Grid>
    </Section>
  );
}

/**
 * The home page's sections after the booking form, a chunk of their own (Home.page.tsx loads it
 * lazily): the server renders them into the page, and their code arrives when they come near the screen.
 */
export default function BelowFold() {
  return (
    <>
      <HydrateWhenSeen>
        <Categories />
      </HydrateWhenSeen>
      <HydrateWhenSeen>
        <WhyChooseUs />
      </HydrateWhenSeen>
      <HydrateWhenSeen>
        <About />
      </HydrateWhenSeen>
      <HydrateWhenSeen>
        <ContactSection />
      </HydrateWhenSeen>
    </>
  );
}
