import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { TCar } from '../../shared/schemas/car.schema';
import { HydrateWhenSeen } from '../components/HydrateWhenSeen/HydrateWhenSeen';
import { copy } from '../content/site';
import { withMessages } from '../i18n';
import { FleetGrid } from '../features/fleet/FleetGrid';
import { useCars } from '../features/fleet/useCars';
import { Hero } from '../features/home/Hero';
import { Section } from '../features/home/Sections';
import { scrollToAnchor } from '../features/site/anchors';
import { useAfterHydration } from '../useAfterHydration';
import { usePageMeta } from '../usePageMeta';

/** The car chosen on this page, kept in its history entry: a reload or Back/Forward shows its form again (with the tab's draft). */
interface HomeHistoryState {
  bookingCar?: string;
}

/** The booking section and those after it: rendered by the server, their code loaded when they come near the screen. */
const BelowFold = lazy(withMessages(() => import('../features/home/BelowFold'), 'home'));
const BookingSection = lazy(() => import('../features/home/BookingSection').then((module) => ({ default: module.BookingSection })));

export function HomePage() {
  usePageMeta('', copy.meta.homeDescription);
  const [chosen, setChosen] = useState<TCar | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const cars = useCars();
  // The server's page has no car chosen: the history entry's is read once the page has hydrated.
  const rememberedId = (location.state as HomeHistoryState | null)?.bookingCar ?? null;
  const { ready, probe } = useAfterHydration(rememberedId !== null);
  const remembered = ready && rememberedId ? (cars.data?.find((car) => car.id === rememberedId && car.available) ?? null) : null;
  const selected = chosen ?? remembered;
  // Counts the cars chosen: each choice moves the focus to the booking form's first field.
  const [focusRequest, setFocusRequest] = useState(0);
  const choose = (car: TCar) => {
    setChosen(car);
    void navigate(location, { replace: true, state: { ...(location.state as object | null), bookingCar: car.id } satisfies HomeHistoryState, preventScrollReset: true });
    setFocusRequest((count) => count + 1);
    window.setTimeout(() => scrollToAnchor('booking'), 0);
  };
  return (
    <>
      {probe}
      <Hero />
      {/* Below the full-screen hero: each part hydrates as it comes near the screen (each car on its own). */}
      <Section id="cars" title={copy.fleet.title} lead={copy.fleet.lead} belowFold={false}>
        <FleetGrid selectedId={selected?.id ?? null} onSelect={choose} />
      </Section>
      <HydrateWhenSeen>
        <Suspense>
          <BookingSection car={selected} focusRequest={focusRequest} />
        </Suspense>
      </HydrateWhenSeen>
      <Suspense>
        <BelowFold />
      </Suspense>
    </>
  );
}
