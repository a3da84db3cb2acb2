import { useMemo } from 'react';
import { CAR_CATEGORIES, type CarCategory } from '../../../shared/cars';
import type { TCar } from '../../../shared/schemas/car.schema';

/** What the search's filters offer: the seat counts and categories the cars that can be booked have. */
export function useFleetChoices(cars: readonly TCar[] | undefined): { seatChoices: number[]; categories: CarCategory[] } {
  return useMemo(() => {
    const bookable = (cars ?? []).filter((car) => car.available);
    return {
      seatChoices: [...new Set(bookable.map((car) => car.seats))].sort((a, b) => a - b),
      categories: CAR_CATEGORIES.filter((category) => bookable.some((car) => car.category === category)),
    };
  }, [cars]);
}
