import { useLocation, useNavigate } from 'react-router-dom';
import { IconButton } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../components/ui/toaster';
import { paths } from '../../config/paths';
import { AddFavoriteMutation, MyFavoriteIdsQuery, MyFavoritesQuery, RemoveFavoriteMutation } from './operations';

/**
 * The heart on a listing: saves it to (or removes it from) the signed-in user's favourites. Whether it is saved is
 * read from `myFavoriteIds` (one query for every card), never from the listing: the public list is shared by all.
 * A visitor's click goes to the login page, and back here after.
 */
export function FavoriteButton({ resourceId, size = 'sm' }: { resourceId: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { data } = useQuery(MyFavoriteIdsQuery, { skip: !isAuthenticated });
  const refetchQueries = [MyFavoriteIdsQuery, MyFavoritesQuery];
  const [add, adding] = useMutation(AddFavoriteMutation, { refetchQueries, awaitRefetchQueries: true });
  const [remove, removing] = useMutation(RemoveFavoriteMutation, { refetchQueries, awaitRefetchQueries: true });
  const saved = !!data?.myFavoriteIds.includes(resourceId);
  const busy = adding.loading || removing.loading;

  const toggle = async () => {
    if (!isAuthenticated) {
      void navigate(paths.login, { state: { from: location.pathname } });
      return;
    }
    try {
      if (saved) {
        await remove({ variables: { resourceId } });
        notify.success(t('favorites.removed'));
      } else {
        await add({ variables: { resourceId } });
        notify.success(t('favorites.saved'));
      }
    } catch (err) {
      notify.error(errorMessage(err, t('favorites.failed')));
    }
  };

  return (
    <IconButton
      size={size}
      variant={saved ? 'subtle' : 'outline'}
      colorPalette={saved ? 'red' : 'gray'}
      aria-pressed={saved}
      aria-label={saved ? t('favorites.remove') : t('favorites.save')}
      title={saved ? t('favorites.remove') : t('favorites.save')}
      loading={busy}
      onClick={() => void toggle()}
      data-testid="favorite-button"
      bg={saved ? undefined : 'white'}
    >
      <Heart aria-hidden fill={saved ? 'currentColor' : 'none'} />
    </IconButton>
  );
}
