import { DecimalType, Entity, ManyToOne, Property } from '@mikro-orm/core';
import { Field, Float, Int, ObjectType } from 'type-graphql';
import type { CancellationPolicy } from '../../shared/refunds.rules.js';
import { BaseEntity } from '../common/base.entity.js';
import { User } from '../users/user.entity.js';
import type { Category, FileFormat, Period, ResourceStatus, ResourceType } from '../../shared/marketplace.rules.js';
import { CancellationPolicyEnum, FileFormatEnum, PricingPeriodEnum, ResourceStatusEnum, ResourceTypeEnum } from '../common/enums.js';

/** The public URL of a stored listing image (served by uploads.rest.ts). */
export const imageUrl = (key: string) => `/uploads/${key}`;

/** The fields a host's revision of an approved listing carries (images by storage key). */
export interface ListingChanges {
  title: string;
  description: string;
  category: Category;
  price: number;
  period: Period;
  location: string;
  tags: string[];
  imageKeys: string[];
}

/** A listing (spec section 3 "Resource"). Images are stored files; the database keeps their storage keys. */
@ObjectType()
@Entity({ tableName: 'resources' })
export class Resource extends BaseEntity<
  | 'resourceType'
  | 'fileFormat'
  | 'fileKey'
  | 'fileName'
  | 'currency'
  | 'availability'
  | 'imageKeys'
  | 'tags'
  | 'rating'
  | 'reviewsCount'
  | 'viewsCount'
  | 'status'
  | 'rejectionReason'
  | 'reviewedAt'
  | 'deletedAt'
  | 'images'
  | 'ownerName'
  | 'ownerId'
  | 'pendingChanges'
  | 'changesSubmittedAt'
  | 'changesRejectionReason'
  | 'cancellationPolicy'
> {
  @ManyToOne(() => User, { fieldName: 'owner_id' })
  owner!: User;

  @Field(() => String)
  @Property({ type: 'text' })
  title!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  description!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  category!: Category;

  @Field(() => ResourceTypeEnum)
  @Property({ type: 'text', fieldName: 'resource_type' })
  resourceType: ResourceType = 'physical';

  @Field(() => CancellationPolicyEnum, { description: 'Chosen by its host (none, the default: no refunds)' })
  @Property({ type: 'text', fieldName: 'cancellation_policy' })
  cancellationPolicy: CancellationPolicy = 'none';

  @Field(() => FileFormatEnum, { nullable: true })
  @Property({ type: 'text', fieldName: 'file_format', nullable: true })
  fileFormat: FileFormat | null = null;

  /** Storage key of a digital resource's file (private store); never a field. */
  @Property({ type: 'text', fieldName: 'file_key', nullable: true, hidden: true })
  fileKey: string | null = null;

  @Property({ type: 'text', fieldName: 'file_name', nullable: true })
  fileName: string | null = null;

  @Field(() => Float, { description: 'Price in SAR per period' })
  @Property({ type: new DecimalType('number'), columnType: 'numeric(12,2)' })
  price!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  currency: string = 'SAR';

  @Field(() => PricingPeriodEnum)
  @Property({ type: 'text' })
  period!: Period;

  @Field(() => String)
  @Property({ type: 'text' })
  location!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  availability: string = 'Available';

  /** Storage keys of the images (public store). */
  @Property({ type: 'json', fieldName: 'images' })
  imageKeys: string[] = [];

  @Field(() => [String])
  @Property({ type: 'json' })
  tags: string[] = [];

  @Field(() => Float)
  @Property({ type: new DecimalType('number'), columnType: 'numeric(3,2)' })
  rating: number = 0;

  @Field(() => Int)
  @Property({ type: 'integer', fieldName: 'reviews_count' })
  reviewsCount: number = 0;

  @Field(() => Int)
  @Property({ type: 'integer', fieldName: 'views_count' })
  viewsCount: number = 0;

  @Field(() => ResourceStatusEnum)
  @Property({ type: 'text' })
  status: ResourceStatus = 'pending';

  @Field(() => String, { nullable: true, description: 'Why an admin rejected the listing (shown to its host)' })
  @Property({ type: 'text', fieldName: 'rejection_reason', nullable: true })
  rejectionReason: string | null = null;

  @Property({ type: 'timestamptz', fieldName: 'reviewed_at', nullable: true })
  reviewedAt: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'deleted_at', nullable: true })
  deletedAt: Date | null = null;

  /**
   * A host's edit of an active listing, waiting for an admin; the columns above stay the approved version until then.
   * Shown only to the owner and admins (ResourceReviewResolver, resourceDto), never as a plain field.
   */
  @Property({ type: 'json', fieldName: 'pending_changes', nullable: true })
  pendingChanges: ListingChanges | null = null;

  @Property({ type: 'timestamptz', fieldName: 'changes_submitted_at', nullable: true })
  changesSubmittedAt: Date | null = null;

  /** Why an admin refused the last revision (owner and admins only). */
  @Property({ type: 'text', fieldName: 'changes_rejection_reason', nullable: true })
  changesRejectionReason: string | null = null;

  @Field(() => [String], { description: 'Image URLs' })
  get images(): string[] {
    return this.imageKeys.map(imageUrl);
  }

  @Field(() => String)
  get ownerName(): string {
    return this.owner.fullName;
  }

  @Field(() => String)
  get ownerId(): string {
    return this.owner.id;
  }
}
