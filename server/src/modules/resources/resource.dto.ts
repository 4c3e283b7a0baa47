import type { Resource } from './resource.entity.js';

/** The REST shape of a resource (spec section 3, snake_case). */
export function resourceDto(r: Resource) {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    resource_type: r.resourceType,
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
