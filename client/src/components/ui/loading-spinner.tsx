import { Spinner, type SpinnerProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * A spinner that says "Loading…" to screen readers. Chakra's spinner is a bare span, where axe refuses an
 * aria-label (aria-prohibited-attr); as a status region the label is allowed and announced. `aria-busy` marks the
 * page as still loading, as the skeletons do, for assistive technology and for tests that wait for a settled page.
 */
export function LoadingSpinner(props: Omit<SpinnerProps, 'role' | 'aria-label' | 'aria-busy'>) {
  const { t } = useTranslation();
  return <Spinner role="status" aria-busy="true" aria-label={t('common.loading')} {...props} />;
}
