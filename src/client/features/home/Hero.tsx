import { Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { copy } from '../../content/site';
import { scrollToAnchor } from '../site/anchors';
import classes from './Hero.module.css';
// The page's largest picture, so its LCP element: inlined (a data: address of a 13 kB SVG, about
// 3 kB compressed) so it paints with the page's first paint instead of waiting behind the scripts.
import heroImage from './hero.svg?inline';

export function Hero() {
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <img className={classes.image} src={heroImage} alt="" width={1600} height={900} fetchPriority="high" />
      <div className={classes.shade} />
      <Container size="xl" className={classes.content} w="100%">
        <Stack gap="lg" maw={720}>
          <Badge size="lg" variant="white" color="lagoon" w="fit-content">
            {copy.hero.eyebrow}
          </Badge>
          <Title order={1} id="hero-title" className={classes.title}>
            {copy.hero.title}
          </Title>
          <Text className={classes.lead}>{copy.hero.lead}</Text>
          <Group gap={8} c="lagoon.1" wrap="nowrap" align="flex-start">
            <IconCheck size={20} aria-hidden />
            <Text fw={600}>{copy.hero.note}</Text>
          </Group>
          <Group gap="md" mt="sm">
            <Button size="lg" rightSection={<IconArrowRight size={20} aria-hidden />} onClick={() => scrollToAnchor('booking')}>
              {copy.hero.primary}
            </Button>
            <Button size="lg" variant="white" color="dark" onClick={() => scrollToAnchor('cars')}>
              {copy.hero.secondary}
            </Button>
          </Group>
        </Stack>
      </Container>
    </section>
  );
}
