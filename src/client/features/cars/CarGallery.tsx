import { UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { TCar } from '../../../shared/schemas/car.schema';
import { carPageCopy as c } from '../../content/carPage';
import classes from './CarGallery.module.css';

/** The car's pictures: the cover large (the page's main picture), the others as thumbnails that show it. */
export function CarGallery({ car }: { car: TCar }) {
  const images = car.imageUrls.length ? car.imageUrls : [car.imageUrl];
  const [shown, setShown] = useState(0);
  const current = Math.min(shown, images.length - 1);
  return (
    <section aria-label={c.gallery({ name: car.name })} data-testid="car-gallery">
      <div className={classes.main}>
        <img
          src={images[current]}
          alt={images.length > 1 ? `${car.name} — ${c.picture({ n: current + 1, of: images.length })}` : car.name}
          width={800}
          height={500}
          fetchPriority="high"
          data-testid="car-gallery-main"
        />
      </div>
      {images.length > 1 ? (
        <div className={classes.thumbs}>
          {images.map((image, i) => (
            <UnstyledButton key={image} className={classes.thumb} aria-pressed={i === current} aria-label={c.showPicture({ n: i + 1, of: images.length })} onClick={() => setShown(i)}>
              <img src={image} alt="" width={160} height={100} loading="lazy" decoding="async" />
            </UnstyledButton>
          ))}
        </div>
      ) : null}
    </section>
  );
}
