import { useNavigate } from 'react-router-dom';
import { Container, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { emptyResourceForm, ResourceForm, toPayload } from '../../features/marketplace/ResourceForm';
import { sendListing } from '../../features/marketplace/rest';
import { notify } from '../../components/ui/toaster';
import { paths } from '../../config/paths';

/** /resources/list (host_seller or admin): a new listing, pending until an admin approves it. */
export default function ListResourcePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Container maxW="3xl" py="10">
      <Heading as="h1" size="2xl">
        {t('market.form.listTitle')}
      </Heading>
      <Text color="gray.600" mt="1" mb="6">
        {t('market.form.listSubtitle')}
      </Text>
      <ResourceForm
        initial={emptyResourceForm}
        submitLabel={t('market.form.submit')}
        failMessage={t('market.form.listFailed')}
        onSubmit={async (v) => {
          await sendListing('POST', '/resources', toPayload(v));
          notify.success(t('market.form.listed'));
          navigate(paths.myResources);
        }}
      />
    </Container>
  );
}
