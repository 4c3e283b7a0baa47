import { graphql } from '../../gql';

export const MyFavoriteIdsQuery = graphql(`
  query MyFavoriteIds {
    myFavoriteIds
  }
`);

export const MyFavoritesQuery = graphql(`
  query MyFavorites($page: Int, $pageSize: Int) {
    myFavorites(page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      items {
        id
        ...ResourceCard_resource
      }
    }
  }
`);

export const AddFavoriteMutation = graphql(`
  mutation AddFavorite($resourceId: ID!) {
    addFavorite(resourceId: $resourceId)
  }
`);

export const RemoveFavoriteMutation = graphql(`
  mutation RemoveFavorite($resourceId: ID!) {
    removeFavorite(resourceId: $resourceId)
  }
`);
