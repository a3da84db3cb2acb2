// Mantine's styles for the components only this page renders (see src/client/mantineStyles.ts).
import '@mantine/core/styles/Image.css';
import { Box, Button, Card, Container, Group, Image, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { telHref } from '../../shared/business';
import { EmailAddress } from '../components/EmailAddress/EmailAddress';
import { WORKSHOP_PHOTOS, workshop } from '../content/workshop';
import { useSiteInfo } from '../features/site/useSiteInfo';
import { usePageMeta } from '../usePageMeta';
import classes from './Pcc.page.module.css';

export function PccPage() {
  usePageMeta(workshop.title, workshop.description);
  const business = useSiteInfo();
  const facts = [
    { icon: <IconMapPin size={20} aria-hidden />, label: workshop.locationLabel, value: workshop.location },
    { icon: <IconPhone size={20} aria-hidden />, label: workshop.phoneLabel, value: business.phoneSecondary },
    { icon: <IconMail size={20} aria-hidden />, label: workshop.emailLabel, value: <EmailAddress address={business.email} /> },
    { icon: <IconClock size={20} aria-hidden />, label: workshop.hoursLabel, value: business.hours },
  ];
  return (
    <>
      <Box py={{ base: 48, md: 80 }} className={classes.hero}>
        <Container size="xl">
          <Stack gap="md" maw={760}>
            <Title order={1} fz={{ base: 34, md: 48 }}>
              {workshop.title}
            </Title>
            <Text fz="lg">{workshop.lead}</Text>
            <Group mt="sm">
              <Button component="a" size="md" href={telHref(business.phoneSecondary)} leftSection={<IconPhone size={20} aria-hidden />}>
                {workshop.call}
              </Button>
              <Button component="a" size="md" variant="default" href={`mailto:${business.email}?subject=${encodeURIComponent('Workshop appointment')}`} leftSection={<IconMail size={20} aria-hidden />}>
                {workshop.email}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Container size="xl" py={{ base: 40, md: 64 }}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {facts.map((fact) => (
            <Group key={fact.label} wrap="nowrap" align="flex-start">
              <ThemeIcon size={44} variant="light" radius="md">
                {fact.icon}
              </ThemeIcon>
              <div>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  {fact.label}
                </Text>
                <Text style={{ overflowWrap: 'anywhere' }}>{fact.value}</Text>
              </div>
            </Group>
          ))}
        </SimpleGrid>

        <Title order={2} mt={56} mb="lg">
          {workshop.servicesTitle}
        </Title>
        <div className={classes.services}>
          {workshop.services.map((service) => (
            <Card key={service.title} padding="lg">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" radius="xl" size={32}>
                  <IconCheck size={18} aria-hidden />
                </ThemeIcon>
                <div>
                  <Title order={3} size="h4">
                    {service.title}
                  </Title>
                  <Text c="dimmed" fz="sm" mt={4}>
                    {service.text}
                  </Text>
                </div>
              </Group>
            </Card>
          ))}
        </div>

        <Title order={2} mt={56} mb="lg">
          {workshop.facilitiesTitle}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {WORKSHOP_PHOTOS.map((src, i) => (
            <Card key={src} padding={0}>
              <Image src={src} alt={workshop.facilities[i]} width={800} height={600} loading="lazy" className={classes.photo} />
              <Text p="sm" fz="sm" c="dimmed">
                {workshop.facilities[i]}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
