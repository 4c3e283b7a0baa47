import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { Role, UserStatus } from '../common/roles.js';
import { AuditEntry } from '../audit/audit-entry.entity.js';

@ObjectType()
export class UserCounts {
  @Field(() => Int) total!: number;
  @Field(() => Int, { description: 'host_seller plus admin' }) hostsSellers!: number;
  @Field(() => Int) active!: number;
  @Field(() => Int) suspended!: number;
}

@ObjectType()
export class AdminUserList {
  @Field(() => [User]) items!: User[];
  @Field(() => Int, { description: 'Users matching the search' }) total!: number;
  @Field(() => UserCounts, { description: 'Counters over all users' }) counts!: UserCounts;
}

@InputType()
export class AdminUserUpdateInput {
  @Field(() => Role, { nullable: true }) role?: Role | null;
  @Field(() => UserStatus, { nullable: true }) status?: UserStatus | null;
}

@ObjectType()
export class AuditLogPage {
  @Field(() => [AuditEntry]) items!: AuditEntry[];
  @Field(() => Int) total!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) offset!: number;
}

@ObjectType({ description: 'Admin dashboard figures, computed from the data' })
export class AdminStats {
  @Field(() => Int) totalUsers!: number;
  @Field(() => Int) activeResources!: number;
  @Field(() => Int, { description: 'Bookings confirmed or active' }) activeBookings!: number;
  @Field(() => Float, { description: 'SAR, paid payments without VAT' }) totalRevenue!: number;
  @Field(() => Float, { description: 'Percent, last 30 days: booked hours / available hours of active listings' }) utilizationRate!: number;
  @Field(() => Int) pendingResources!: number;
  @Field(() => Int) newInquiries!: number;
  @Field(() => Boolean, { description: 'False while no payment gateway can take payments (production without a MyFatoorah API key)' })
  paymentsConfigured!: boolean;
}
