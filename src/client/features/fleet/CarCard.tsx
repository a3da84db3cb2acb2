import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { carBadge } from '../../../shared/carBadge';
import { carHref } from '../../../shared/carLinks';
import type { TCar } from '../../../shared/schemas/car.schema';
import { copy } from '../../content/site';
import classes from './CarCard.module.css';
import { CarSpecs, DailyRate } from './CarSpecs';
import { localePath } from '../../i18n';

const BADGE_COLOR = { Popular: 'orange', Economy: 'teal', Available: 'lagoon' } as const;

/** A car as the fleet grid shows it; unavailable cars are greyed out and cannot be chosen. */
export function CarCard({ car, selected = false, onSelect }: { car: TCar; selected?: boolean; onSelect: (car: TCar) => void }) {
  const badge = carBadge(car.category);
  return (
    <Card padding={0} className={`${classes.card} ${car.available ? '' : classes.unavailable} ${selected ? classes.selected : ''}`} data-testid="car-card" aria-label={car.name}>
      <div className={classes.media}>
        <img src={car.imageUrl} alt={car.name} width={640} height={400} loading="lazy" decoding="async" />
        {car.available ? (
          <Badge className={classes.badge} color={BADGE_COLOR[badge]} variant="filled">
            {copy.fleet.badges[badge]}
          </Badge>
        ) : (
          <>
            <div className={classes.overlay}>{copy.fleet.booked}</div>
            <Badge className={classes.badge} color="red.9" variant="filled">
              {copy.fleet.unavailableBadge}
            </Badge>
          </>
        )}
      </div>
      <Stack gap="sm" p="md" style={{ flex: 1 }}>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {car.category}
          </Text>
          <Title order={3} size="h4" mt={2}>
            <Anchor component={Link} to={localePath(carHref(car))} inherit c="inherit" className={classes.name} data-testid="car-link">
              {car.name}
            </Anchor>
          </Title>
        </div>
        <CarSpecs car={car} />
        <Group justify="space-between" align="flex-end" mt="auto">
          <DailyRate rate={car.dailyRate} />
        </Group>
        <Button fullWidth disabled={!car.available} onClick={() => onSelect(car)} variant={selected ? 'filled' : 'light'}>
          {car.available ? copy.fleet.select : copy.fleet.unavailable}
        </Button>
      </Stack>
    </Card>
  );
}
