import { defineConfig } from '@chakra-ui/react';
import { createAppSystem } from './system';

/**
 * The application's styling system (Chakra's, with our colours and fonts). A module of its own: building it is
 * one of the longest steps of starting the application, which main.tsx runs as a task of its own.
 */
export const system = createAppSystem(
  defineConfig({
    globalCss: {
      body: { bg: 'white', color: 'gray.900' },
      '.skip-link': { position: 'absolute', insetInlineStart: '-9999px' },
      '.skip-link:focus': { insetInlineStart: '1rem', top: '1rem', zIndex: 2000, bg: 'white', padding: '0.5rem 1rem' },
    },
    theme: {
      // WCAG AA: white on Chakra's default teal/green/orange 600 is under 4.5:1, so solid buttons and badges use
      // the 700 shade (teal 5.5:1) and hover the 800 one; the other palettes' solids already pass.
      // Field errors are small text: Chakra's red 500 is 3.8:1 on white, red 700 passes.
      semanticTokens: {
        colors: {
          ...Object.fromEntries(
            ['teal', 'green', 'orange'].map((c) => [
              c,
              { solid: { value: `{colors.${c}.700}` }, emphasized: { value: `{colors.${c}.200}` }, fg: { value: `{colors.${c}.800}` } },
            ]),
          ),
          fg: { error: { value: '{colors.red.700}' } },
        },
      },
      tokens: {
        fonts: {
          heading: { value: `system-ui, -apple-system, "Segoe UI", "Noto Sans Arabic", "Noto Sans", Tahoma, Arial, sans-serif` },
          body: { value: `system-ui, -apple-system, "Segoe UI", "Noto Sans Arabic", "Noto Sans", Tahoma, Arial, sans-serif` },
        },
      },
    },
  }),
);
