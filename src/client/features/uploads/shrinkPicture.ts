/**
 * A photo above its limit, made smaller in the browser: today's phone cameras often save 6-12 MB
 * photos, above a document's 5 MB, and a renter cannot be expected to resize one. The picture is
 * drawn at most SIDES[i] pixels on its long side and saved as a JPEG, smaller each time until it
 * fits; an ID card or a bill stays readable at 2,400 pixels. Anything the browser cannot draw (a
 * PDF, a damaged file) is left as it is, for the size check to refuse.
 */
const STEPS: ReadonlyArray<{ side: number; quality: number }> = [
  { side: 3_200, quality: 0.85 },
  { side: 2_400, quality: 0.8 },
  { side: 1_600, quality: 0.75 },
];

const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export async function shrinkPicture(file: File, type: string, maxBytes: number): Promise<File | null> {
  if (!PICTURE_TYPES.has(type) || typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    // Turned as the camera saved it (its EXIF orientation), as the photo shows in a gallery.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    for (const { side, quality } of STEPS) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext('2d');
      if (!context) return null;
      // A JPEG has no transparency: a PNG's clear parts become white, as on paper.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (blob && blob.size > 0 && blob.size <= maxBytes) return new File([blob], `${file.name.replace(/\.[^.]*$/, '')}.jpg`, { type: 'image/jpeg' });
    }
    return null;
  } finally {
    bitmap.close();
  }
}
