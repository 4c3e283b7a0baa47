import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import { GENERAL_DEFAULTS } from '@shared/admin.messages';

/**
 * The platform's name, contact details and business hours from Admin › Settings › General (the public
 * `platformInfo` query). The footer, the header and the Contact page all read this one query (one request,
 * shared through the Apollo cache). A field the admin left empty falls back to the translated default, so a
 * fresh install shows the spec's section 9 business hours in the visitor's language.
 */
const PlatformInfoQuery = graphql(`
  query PlatformInfo {
    platformInfo {
      platformName
      contactEmail
      contactPhone
      address
      addressAr
      vatNumber
      businessHours
      businessHoursAr
    }
  }
`);

interface HoursRow {
  days: string;
  time: string;
}

export interface PlatformInfo {
  name: string;
  email: string;
  phone: string;
  /** `tel:` link target: digits and a leading +. */
  phoneHref: string;
  address: string;
  vatNumber: string | null;
  /** The admin's own business hours text, one line per row; null when not set (then `defaultHours` applies). */
  customHours: string[] | null;
  /** Section 9's hours in the visitor's language. */
  defaultHours: HoursRow[];
  /** Section 9's phone support line (shown with the default hours only). */
  phoneSupport: string;
}

export function usePlatformInfo(): PlatformInfo {
  const { t, i18n } = useTranslation();
  // Arabic pages show the Arabic address and hours when the admin gave them, else the ones given.
  const arabic = i18n.language === 'ar';
  const info = useQuery(PlatformInfoQuery, { fetchPolicy: 'cache-first' }).data?.platformInfo;
  const savedName = info?.platformName?.trim();
  // The default name is the brand, shown in the visitor's language; a renamed platform keeps its name.
  const name = savedName && savedName !== GENERAL_DEFAULTS.platform_name ? savedName : t('brand.name');
  const phone = info?.contactPhone?.trim() || t('footer.phone');
  const hours = (arabic && info?.businessHoursAr?.trim()) || info?.businessHours || '';
  const lines = hours
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return {
    name,
    email: info?.contactEmail?.trim() || t('footer.email'),
    phone,
    phoneHref: `tel:${phone.replace(/[^+\d]/g, '')}`,
    address: (arabic && info?.addressAr?.trim()) || info?.address?.trim() || t('footer.address'),
    vatNumber: info?.vatNumber?.trim() || null,
    customHours: lines.length ? lines : null,
    defaultHours: t('publicSite.contact.hours', { returnObjects: true }) as HoursRow[],
    phoneSupport: t('publicSite.contact.phoneSupport'),
  };
}
