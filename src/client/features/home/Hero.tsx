import { Anchor, Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { EMPTY_SEARCH, siteSearchParams } from '../../../shared/carLinks';
import { copy } from '../../content/site';
import { useCars } from '../fleet/useCars';
import { LazyDateSearchForm } from '../search/LazyDateSearchForm';
import { SectionLink } from '../site/SectionLink';
import classes from './Hero.module.css';
// The page's largest picture, so its LCP element: inlined (a data: address of a 13 kB SVG, about
// 3 kB compressed) so it paints with the page's first paint instead of waiting behind the scripts.
import heroImage from './hero.svg?inline';
import { localePath } from '../../i18n';

/** The hero: who we are, and the date search that starts every booking ("Book Now" shows the cars free on those dates). */
export function Hero() {
  const navigate = useNavigate();
  const cars = useCars();
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <img className={classes.image} src={heroImage} alt="" width={1600} height={900} fetchPriority="high" />
      <div className={classes.shade} />
      <Container size="xl" className={classes.content} w="100%">
        <Stack gap="lg">
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
          </Stack>
          <div className={classes.search}>
            <LazyDateSearchForm
              raised
              value={EMPTY_SEARCH}
              cars={cars.data}
              submitLabel={copy.hero.primary}
              onSearch={(search) => navigate(`${localePath('/booking')}?${siteSearchParams(search).toString()}`)}
            />
          </div>
          <Anchor component={SectionLink} anchor="cars" c="white" fw={600} className={classes.browse}>
            <IconArrowDown size={18} aria-hidden />
            {copy.hero.secondary}
          </Anchor>
        </Stack>
      </Container>
    </section>
  );
}
