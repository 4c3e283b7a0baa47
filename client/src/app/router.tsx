import { createBrowserRouter } from 'react-router-dom';
import { ARABIC_BASE, splitLanguagePath } from '@shared/language-path';
import { routes } from './routes';

/** An Arabic address (`/ar/…`) runs the app under that base, so that every link and navigation keeps the language. */
export const basename = splitLanguagePath(window.location.pathname).language ? ARABIC_BASE : undefined;

export const router = createBrowserRouter(routes, { basename });
