import { Field, InputType, Int, ObjectType, Float } from 'type-graphql';
import { imageUrl, Resource, type ListingChanges } from './resource.entity.js';
import { CancellationPolicyEnum, FileFormatEnum, PricingPeriodEnum, ResourceStatusFilterEnum, ResourceTypeEnum } from '../common/enums.js';
import type { FileFormat, Period, ResourceStatus, ResourceType } from '../../shared/marketplace.rules.js';
import type { CancellationPolicy } from '../../shared/refunds.rules.js';

@InputType()
export class ResourceFilterInput {
  @Field(() => String, { nullable: true, description: "'all' or one of the categories" }) category?: string | null;
  @Field(() => String, { nullable: true, description: 'Words to find in title, description or location' }) search?: string | null;
  @Field(() => String, { nullable: true, description: 'newest (default), price_asc, price_desc, popular' }) sort?: string | null;
  @Field(() => Int, { nullable: true }) page?: number | null;
  @Field(() => Int, { nullable: true }) pageSize?: number | null;
  @Field(() => ResourceStatusFilterEnum, { nullable: true, description: 'Admins only (default all)' }) status?:
    ResourceStatus | 'all' | null;
  @Field(() => String, { nullable: true, description: 'With availableTo: only listings free for these whole days (YYYY-MM-DD, Riyadh)' })
  availableFrom?: string | null;
  @Field(() => String, { nullable: true, description: 'Last day (included) of the availableFrom range' }) availableTo?: string | null;
}

@InputType()
export class ResourceInput {
  @Field(() => String) title!: string;
  @Field(() => String) description!: string;
  @Field(() => String) category!: string;
  @Field(() => Float) price!: number;
  @Field(() => PricingPeriodEnum) period!: Period;
  @Field(() => String) location!: string;
  @Field(() => [String], {
    nullable: true,
    description: 'New images as data URLs (JPEG, PNG, WebP, GIF; ≤ 5 MB each); existing ones by URL',
  })
  images?: string[] | null;
  @Field(() => [String], { nullable: true }) tags?: string[] | null;
  @Field(() => ResourceTypeEnum, { nullable: true, description: 'physical (default) or digital' }) resourceType?: ResourceType | null;
  @Field(() => String, { nullable: true, description: 'Digital resources: the file as a data URL' }) file?: string | null;
  @Field(() => String, { nullable: true }) fileName?: string | null;
  @Field(() => FileFormatEnum, { nullable: true }) fileFormat?: FileFormat | null;
  @Field(() => CancellationPolicyEnum, { nullable: true, description: 'none (the default on create); omitted on an edit: unchanged' })
  cancellationPolicy?: CancellationPolicy | null;
}

@ObjectType()
export class ResourcePage {
  @Field(() => [Resource]) items!: Resource[];
  @Field(() => Int, { description: 'Matches, counted up to 10,000' }) total!: number;
  @Field(() => Boolean, { description: 'More than 10,000 matches (total is then 10,000)' }) totalCapped!: boolean;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
}

@ObjectType()
export class ResourceStatusCounts {
  @Field(() => Int) total!: number;
  @Field(() => Int) pending!: number;
  @Field(() => Int) active!: number;
  @Field(() => Int) rejected!: number;
  @Field(() => Int) draft!: number;
  @Field(() => Int, { description: 'Approved listings hidden because their host may no longer list (demoted)' }) withdrawn!: number;
  @Field(() => Int, {
    description: "Hosts' edits of listings waiting for an admin's review (not a status: those listings are counted by theirs)",
  })
  changesPending!: number;
}

@ObjectType({ description: "A host's edit of an approved listing, waiting for an admin (the listing's own fields are the live version)" })
export class ResourceChanges {
  @Field(() => String) title!: string;
  @Field(() => String) description!: string;
  @Field(() => String) category!: string;
  @Field(() => Float, { description: 'Price in SAR per period' }) price!: number;
  @Field(() => PricingPeriodEnum) period!: Period;
  @Field(() => String) location!: string;
  @Field(() => [String]) tags!: string[];
  @Field(() => [String], { description: 'Image URLs' }) images!: string[];
  @Field(() => Date) submittedAt!: Date;
}

export const toChanges = (c: ListingChanges, submittedAt: Date | null): ResourceChanges => ({
  title: c.title,
  description: c.description,
  category: c.category,
  price: c.price,
  period: c.period,
  location: c.location,
  tags: c.tags,
  images: c.imageKeys.map(imageUrl),
  submittedAt: submittedAt ?? new Date(0),
});

@ObjectType()
export class DownloadLink {
  @Field(() => String, { description: 'Relative URL; valid for a few minutes' }) url!: string;
  @Field(() => Date) expiresAt!: Date;
}
