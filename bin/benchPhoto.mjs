// A phone photo as an editor would drop it in: 4032 × 3024, about 4 MB of JPEG, with the place it
// was taken in its EXIF. Made at run time (never committed): a sky-to-grass gradient, a few soft
// shapes and sensor noise, which is what makes a real photo weigh 4 MB. `seed` makes each different.
import { Buffer } from 'node:buffer';
import sharp from 'sharp';

export const PHOTO = { width: 4032, height: 3024 };

export async function phonePhoto(seed = 1) {
  const { width, height } = PHOTO;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  const noise = () => (((state = (state * 1103515245 + 12345) & 0x7fffffff) >>> 16) % 48) - 24;
  for (let y = 0; y < height; y++) {
    const sky = y < height * 0.55;
    const t = y / height;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const wave = 18 * Math.sin((x + seed * 97) / 210) * Math.cos(y / 170);
      pixels[i] = Math.max(0, Math.min(255, (sky ? 90 + 80 * t : 40 + 30 * t) + wave + noise()));
      pixels[i + 1] = Math.max(0, Math.min(255, (sky ? 140 + 60 * t : 120 + 40 * t) + wave + noise()));
      pixels[i + 2] = Math.max(0, Math.min(255, (sky ? 220 - 40 * t : 50 + 20 * t) + noise()));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 17/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 34/1 3/1' },
    })
    .toBuffer();
}
