import { Grid } from '@mantine/core';
import type { TCar } from '../../../shared/schemas/car.schema';
import { copy } from '../../content/site';
import { LazyBookingForm } from '../booking/LazyBookingForm';
import { NoCarSelected, SelectedCar } from '../booking/SelectedCar';
import { goToSection } from '../site/anchors';
import { Section } from './Sections';

/** The home page's booking section: the chosen car beside its form, or the prompt to choose one. */
export function BookingSection({ car, focusRequest }: { car: TCar | null; focusRequest?: number }) {
  const browse = () => goToSection('cars');
  return (
    <Section id="booking" title={copy.nav.book} tinted>
      {car ? (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <div style={{ position: 'sticky', top: 88 }}>
              <SelectedCar car={car} onChange={browse} />
            </div>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {/* A form of its own per car: each restores its own car's draft (dates and options). */}
            <LazyBookingForm key={car.id} car={car} focusRequest={focusRequest} />
          </Grid.Col>
        </Grid>
      ) : (
        <NoCarSelected onBrowse={browse} />
      )}
    </Section>
  );
}
