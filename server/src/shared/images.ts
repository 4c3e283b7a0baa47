/** Width of the card-sized copy kept beside each uploaded listing picture (cards are ≈ 300–400 CSS px wide). */
export const THUMBNAIL_WIDTH = 400;

const WEB_COPY = /^(.*(?:^|\/)resources\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

/**
 * The card-sized copy of one of our stored pictures, by key or URL (`…/resources/<id>.webp` →
 * `…/resources/<id>-w400.webp`); null for anything else (the seeded SVGs scale by themselves).
 */
export function thumbnailOf(keyOrUrl: string): string | null {
  const m = WEB_COPY.exec(keyOrUrl);
  return m ? `${m[1]}-w${THUMBNAIL_WIDTH}.webp` : null;
}
