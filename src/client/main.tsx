import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_BUSINESS } from '../shared/business';
import { formatPeso } from '../shared/money';
import type { TCar } from '../shared/schemas/car.schema';

/** A holding page: the garage, its fleet and its API, until the full site is in place. */
function HoldingPage() {
  const [cars, setCars] = useState<TCar[] | null>(null);
  useEffect(() => {
    fetch('/api/cars')
      .then((response) => (response.ok ? (response.json() as Promise<TCar[]>) : []))
      .then(setCars)
      .catch(() => setCars([]));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 760, margin: '0 auto', padding: 24, lineHeight: 1.5 }}>
      <h1 style={{ marginBottom: 4 }}>{DEFAULT_BUSINESS.name}</h1>
      <p style={{ marginTop: 0, color: '#555' }}>
        {DEFAULT_BUSINESS.addressLine2} · {DEFAULT_BUSINESS.phonePrimary} · {DEFAULT_BUSINESS.hours}
      </p>
      <h2>Our fleet</h2>
      {cars === null ? (
        <p>Loading the fleet…</p>
      ) : (
        <ul>
          {cars.map((car) => (
            <li key={car.id}>
              {car.name} ({car.category}) — {formatPeso(car.dailyRate)}/day{car.available ? '' : ' — currently unavailable'}
            </li>
          ))}
        </ul>
      )}
      <p>
        Integrators: <a href="/api/docs">API reference</a>
      </p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <HoldingPage />
    </StrictMode>,
  );
}
