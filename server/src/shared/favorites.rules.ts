/**
 * Favourites: a signed-in user's saved listings (issue #23). The client imports this module too.
 */
import { pageQuerySchema } from './rules.js';

export const FAVORITE_LIMITS = {
  pageSizeMax: 50,
  pageSizeDefault: 12,
  /** How many saved listings one account may keep (a bound on `myFavoriteIds` and the table). */
  perUserMax: 1000,
} as const;
const L = FAVORITE_LIMITS;

export const FAVORITE_MESSAGES = {
  resourceNotFound: 'Resource not found',
  tooManyFavorites: `You can save at most ${L.perUserMax} listings to your favourites`,
} as const;

export const favoritePageSchema = pageQuerySchema(L.pageSizeDefault, L.pageSizeMax);
