import { beforeAll, describe, expect, it } from 'vitest';
// Chakra (emotion) first, before the browser stand-ins: emotion decides at load whether it runs in a browser, and
// renders on the server as the public pages do.
import { ChakraProvider } from '@chakra-ui/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import './browser-globals';
import i18n from '../../client/src/lib/i18n';
import { system } from '../../client/src/theme/app-system';
import { BookingRow } from '../../client/src/features/marketplace/BookingList';
import type { BookingRow_BookingFragment } from '../../client/src/gql/graphql';

// A two-day booking of the 10th and 11th of November 2026 (midnight to midnight, Riyadh) at 200 SAR/day.
const booking: BookingRow_BookingFragment = {
  __typename: 'Booking',
  id: 'b-1',
  resourceId: 'r-1',
  resourceTitle: 'Forklift 3t',
  resourceType: 'physical',
  startDate: '2026-11-09T21:00:00.000Z',
  endDate: '2026-11-11T21:00:00.000Z',
  periods: 2,
  totalAmount: 400,
  vatAmount: 60,
  totalWithVat: 460,
  currency: 'SAR',
  status: 'pending',
  paymentStatus: 'pending',
  holdExpiresAt: null,
  createdAt: '2026-11-09T10:00:00.000Z',
} as BookingRow_BookingFragment;

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
const render = () =>
  text(
    renderToString(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(
          ChakraProvider,
          { value: system },
          createElement(MemoryRouter, null, createElement(BookingRow, { booking, onCancel: async () => {} })),
        ),
      ),
    ),
  );

describe('a booking row', () => {
  beforeAll(() => i18n.loadLanguages('ar'));

  it('shows what the customer pays, VAT included, not the amount before VAT', async () => {
    await i18n.changeLanguage('en');
    const row = render();
    expect(row).toMatch(/SAR\s460\.00/);
    expect(row).not.toMatch(/SAR\s400\.00/);
    expect(row).toContain('incl. VAT');
  });

  it('shows the Riyadh days in a London browser', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/London';
    try {
      await i18n.changeLanguage('en');
      expect(render()).toContain('Nov 10, 2026 – Nov 11, 2026');
      await i18n.changeLanguage('ar');
      const ar = render();
      expect(ar).toContain('10 نوفمبر 2026 – 11 نوفمبر 2026');
      expect(ar).toContain('460.00');
    } finally {
      process.env.TZ = zone;
      await i18n.changeLanguage('en');
    }
  });
});
