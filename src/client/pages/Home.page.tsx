import { lazy, Suspense, useState } from 'react';
import type { TCar } from '../../shared/schemas/car.schema';
import { HydrateWhenSeen } from '../components/HydrateWhenSeen/HydrateWhenSeen';
import { copy } from '../content/site';
import { withMessages } from '../i18n';
import { FleetGrid } from '../features/fleet/FleetGrid';
import { Hero } from '../features/home/Hero';
import { Section } from '../features/home/Sections';
import { scrollToAnchor } from '../features/site/anchors';
import { usePageMeta } from '../usePageMeta';

/** The booking section and those after it: rendered by the server, their code loaded when they come near the screen. */
const BelowFold = lazy(withMessages(() => import('../features/home/BelowFold'), 'home'));
const BookingSection = lazy(() => import('../features/home/BookingSection').then((module) => ({ default: module.BookingSection })));

export function HomePage() {
  usePageMeta('', copy.meta.homeDescription);
  const [selected, setSelected] = useState<TCar | null>(null);
  // Counts the cars chosen: each choice moves the focus to the booking form's first field.
  const [focusRequest, setFocusRequest] = useState(0);
  const choose = (car: TCar) => {
    setSelected(car);
    setFocusRequest((count) => count + 1);
    window.setTimeout(() => scrollToAnchor('booking'), 0);
  };
  return (
    <>
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
