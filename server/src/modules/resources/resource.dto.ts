import { imageUrl, type Resource } from './resource.entity.js';
import type { User } from '../users/user.entity.js';
import { isAdmin } from '../common/roles.js';

/**
 * The REST shape of a resource (spec section 3, snake_case). `viewer`: its owner and admins also get the host's
 * edit awaiting review and why the last one was refused; the public shape never carries them.
 */
export function resourceDto(r: Resource, viewer?: User | null) {
  const reviewer = !!viewer && (isAdmin(viewer.role) || viewer.id === r.owner.id);
  const c = r.pendingChanges;
  return {
    ...publicResourceDto(r),
    ...(reviewer && {
      pending_changes: c && {
        title: c.title,
        description: c.description,
        category: c.category,
        price: c.price,
        period: c.period,
        location: c.location,
        tags: c.tags,
        images: c.imageKeys.map(imageUrl),
        submitted_at: r.changesSubmittedAt?.toISOString() ?? null,
      },
      changes_rejection_reason: r.changesRejectionReason,
    }),
  };
}

function publicResourceDto(r: Resource) {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    resource_type: r.resourceType,
    cancellation_policy: r.cancellationPolicy,
    file_format: r.fileFormat,
    price: r.price,
    currency: r.currency,
    period: r.period,
    location: r.location,
    availability: r.availability,
    images: r.images,
    rating: r.rating,
    reviews_count: r.reviewsCount,
    views_count: r.viewsCount,
    owner_id: r.owner.id,
    owner_name: r.owner.fullName,
    tags: r.tags,
    status: r.status,
    rejection_reason: r.rejectionReason,
    created_at: r.createdAt.toISOString(),
  };
}
