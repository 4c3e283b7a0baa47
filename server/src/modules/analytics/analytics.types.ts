import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ResourceStatusEnum } from '../common/enums.js';
import type { ResourceStatus } from '../../shared/marketplace.rules.js';

export enum AnalyticsPeriod {
  week = 'week',
  month = 'month',
  quarter = 'quarter',
  year = 'year',
}
registerEnumType(AnalyticsPeriod, { name: 'AnalyticsPeriod', description: 'Last 7 days, 30 days, 13 weeks or 12 calendar months (UTC)' });

@ObjectType({ description: 'A figure of the chosen period beside the previous period of the same length' })
export class ComparedFigure {
  @Field(() => Float, { nullable: true, description: 'Null when there is nothing to compute it from' }) value!: number | null;
  @Field(() => Float, { nullable: true }) previous!: number | null;
  @Field(() => Float, { nullable: true, description: 'Relative change in percent; null when the previous value is 0 or null' }) change!:
    number | null;
}

@ObjectType()
export class RevenueBucket {
  @Field(() => String, { description: 'ISO start of the bucket (UTC)' }) bucketStart!: string;
  @Field(() => Float, { description: 'SAR without VAT' }) revenue!: number;
  @Field(() => Int) paidBookings!: number;
}

@ObjectType()
export class CategoryShare {
  @Field(() => String) category!: string;
  @Field(() => Int) bookings!: number;
  @Field(() => Float) percent!: number;
}

@ObjectType()
export class AdminAnalytics {
  @Field(() => AnalyticsPeriod) period!: AnalyticsPeriod;
  @Field(() => String) start!: string;
  @Field(() => String) end!: string;
  @Field(() => String) previousStart!: string;
  @Field(() => String, { description: 'day, week or month' }) bucket!: string;
  @Field(() => [RevenueBucket]) revenueTrend!: RevenueBucket[];
  @Field(() => [CategoryShare], { description: 'Bookings created in the period by listing category' }) bookingsByCategory!: CategoryShare[];
  @Field(() => ComparedFigure, { description: 'SAR, paid payments without VAT' }) revenue!: ComparedFigure;
  @Field(() => ComparedFigure) paidBookings!: ComparedFigure;
  @Field(() => ComparedFigure) bookingsCreated!: ComparedFigure;
  @Field(() => ComparedFigure, { description: 'SAR' }) averageBookingValue!: ComparedFigure;
  @Field(() => ComparedFigure, { description: 'Percent: bookings created in the period that are paid' }) conversionRate!: ComparedFigure;
  @Field(() => ComparedFigure, { description: 'Percent: paying customers with more than one paid booking' }) retentionRate!: ComparedFigure;
  @Field(() => ComparedFigure, { description: 'Hours from an inquiry to its first status change' })
  medianFirstResponseHours!: ComparedFigure;
  @Field(() => ComparedFigure, { description: 'Percent: booked hours / available hours of active listings' })
  utilizationRate!: ComparedFigure;
}

@ObjectType({ description: "The home page's public figures" })
export class PublicStats {
  @Field(() => Int) activeResources!: number;
  @Field(() => Int) completedBookings!: number;
  @Field(() => Int, { description: 'Hosts with at least one active listing' }) businesses!: number;
}

@ObjectType({ description: "A host's figures for the period: one listing's, or all of theirs together" })
export class HostFigures {
  @Field(() => Int, { description: 'Views counted in the period (once per viewer and hour, never the owner)' }) views!: number;
  @Field(() => Int, { description: 'Bookings created in the period' }) bookings!: number;
  @Field(() => Int, { description: 'Of those, paid' }) paidBookings!: number;
  @Field(() => Float, { nullable: true, description: 'Percent: bookings / views; null without views' }) conversionRate!: number | null;
  @Field(() => Float, { description: 'SAR paid in the period, VAT excluded, after the platform commission' }) revenue!: number;
  @Field(() => Float, { nullable: true, description: 'Percent of the period (up to now) booked; null for digital listings' })
  occupancyRate!: number | null;
  @Field(() => Float, { nullable: true, description: 'Average of all visible reviews; null without reviews' }) averageRating!:
    number | null;
  @Field(() => Int) reviewsCount!: number;
}

@ObjectType({ description: "One of the host's listings with its figures for the period" })
export class HostListingFigures {
  @Field(() => ID) id!: string;
  @Field(() => String) title!: string;
  @Field(() => String) category!: string;
  @Field(() => ResourceStatusEnum) status!: ResourceStatus;
  @Field(() => HostFigures) figures!: HostFigures;
}

@ObjectType()
export class HostTrendBucket {
  @Field(() => String, { description: 'ISO start of the bucket (a Riyadh midnight)' }) bucketStart!: string;
  @Field(() => Int) views!: number;
  @Field(() => Int) bookings!: number;
  @Field(() => Float, { description: 'SAR, as revenue above' }) revenue!: number;
}

@ObjectType({ description: "A host's analytics of their own listings for a period (Riyadh calendar days)" })
export class HostAnalytics {
  @Field(() => AnalyticsPeriod) period!: AnalyticsPeriod;
  @Field(() => String) start!: string;
  @Field(() => String) end!: string;
  @Field(() => String, { description: 'day, week or month' }) bucket!: string;
  @Field(() => [HostTrendBucket]) trend!: HostTrendBucket[];
  @Field(() => HostFigures) totals!: HostFigures;
  @Field(() => [HostListingFigures]) listings!: HostListingFigures[];
}
