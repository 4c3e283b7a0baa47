import { Entity, Enum, Index, ManyToOne, Property, type Ref } from '@mikro-orm/core';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../common/base.entity.js';
import { User } from '../users/user.entity.js';
import type { Locale } from '../../shared/locale.js';

export enum InquiryStatus {
  new = 'new',
  in_progress = 'in_progress',
  resolved = 'resolved',
  closed = 'closed',
}

export enum InquiryServiceType {
  resource_sharing = 'resource-sharing',
  legal_consultancy = 'legal-consultancy',
}

registerEnumType(InquiryStatus, {
  name: 'InquiryStatus',
  description: 'new → in_progress → resolved / closed; an admin may set any status',
});
registerEnumType(InquiryServiceType, {
  name: 'InquiryServiceType',
  description: 'resource-sharing (contact form, default) or legal-consultancy (a consultation request)',
});

/** A contact inquiry or a legal consultation request (service_type legal-consultancy). */
@ObjectType()
@Entity({ tableName: 'inquiries' })
export class Inquiry extends BaseEntity<'status' | 'companyName' | 'preferredDate' | 'preferredTime' | 'locale' | 'user'> {
  @Field(() => InquiryServiceType)
  @Enum({ items: () => InquiryServiceType, fieldName: 'service_type' })
  serviceType!: InquiryServiceType;

  @Field(() => String)
  @Property({ type: 'text', fieldName: 'full_name' })
  fullName!: string;

  @Field(() => String)
  @Property({ type: 'citext' })
  email!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', fieldName: 'company_name', nullable: true })
  companyName: string | null = null;

  @Field(() => String)
  @Property({ type: 'text' })
  message!: string;

  @Field(() => InquiryStatus)
  @Enum({ items: () => InquiryStatus })
  @Index()
  status: InquiryStatus = InquiryStatus.new;

  /** Consultation requests: the requested day (YYYY-MM-DD, Riyadh calendar). */
  @Field(() => String, { nullable: true })
  @Property({ type: 'date', fieldName: 'preferred_date', nullable: true })
  preferredDate: string | null = null;

  /** Consultation requests: the requested time of day (HH:MM, 24 h, Riyadh time). */
  @Field(() => String, { nullable: true })
  @Property({ type: 'text', fieldName: 'preferred_time', nullable: true })
  preferredTime: string | null = null;

  /** Language of the confirmation email. */
  @Field(() => String)
  @Property({ type: 'text' })
  locale: Locale = 'en';

  /** The sender's account when they were logged in; not a GraphQL field. */
  @ManyToOne(() => User, { fieldName: 'user_id', nullable: true, ref: true, deleteRule: 'set null' })
  user: Ref<User> | null = null;
}
