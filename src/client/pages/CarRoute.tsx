import { useParams } from 'react-router-dom';
import { useCars } from '../features/fleet/useCars';
import { CarPage } from './lazyPages';
import { NotFoundPage } from './NotFound.page';

/**
 * /cars/<slug>: the car's page, or the "Page Not Found" page when no car has that slug (the server
 * answers it with 404, and a renamed car's former slug with a redirect). The fleet is in the page's
 * data, so this is decided without a request, the same on the server and in the browser.
 */
export function CarRoute() {
  const { slug } = useParams();
  const cars = useCars();
  if (cars.data && !cars.data.some((car) => car.slug === slug)) return <NotFoundPage />;
  return <CarPage />;
}
