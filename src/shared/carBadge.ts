/** Badge text on a car card, by category (case-insensitive), as the spec lists it. */
export function carBadge(category: string): 'Popular' | 'Economy' | 'Available' {
  const key = category.trim().toLowerCase();
  if (key === 'premium suv') return 'Popular';
  if (key === 'compact sedan') return 'Economy';
  return 'Available';
}
