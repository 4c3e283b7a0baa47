import { Entity, Enum, Index, Property } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { toGraphqlAddress, type NationalAddressFields } from '../../shared/national-address.js';
import { BaseEntity } from '../common/base.entity.js';
import { Role, UserStatus } from '../common/roles.js';
import type { Locale } from '../../shared/locale.js';

/** The Saudi national address, as a B2B tax invoice prints it. */
@ObjectType()
export class NationalAddress {
  @Field(() => String) buildingNumber!: string;
  @Field(() => String) street!: string;
  @Field(() => String) district!: string;
  @Field(() => String) city!: string;
  @Field(() => String) postalCode!: string;
  @Field(() => String, { nullable: true }) additionalNumber!: string | null;
}

@ObjectType()
@Entity({ tableName: 'users' })
export class User extends BaseEntity<
  | 'role'
  | 'status'
  | 'emailVerified'
  | 'emailVerifiedAt'
  | 'locale'
  | 'companyName'
  | 'phone'
  | 'tokenVersion'
  | 'vatNumber'
  | 'crNumber'
  | 'nationalAddress'
  | 'privacyPolicyVersion'
  | 'privacyAcceptedAt'
> {
  @Field(() => String)
  @Property({ type: 'citext', unique: true })
  email!: string;

  /** argon2id hash; never a GraphQL field. */
  @Property({ type: 'text', fieldName: 'password_hash', hidden: true, lazy: true })
  passwordHash!: string;

  @Field(() => String)
  @Property({ type: 'text', fieldName: 'full_name' })
  fullName!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', fieldName: 'company_name', nullable: true })
  companyName: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  phone: string | null = null;

  @Field(() => Role)
  @Enum({ items: () => Role })
  @Index()
  role: Role = Role.regular;

  @Field(() => UserStatus)
  @Enum({ items: () => UserStatus })
  status: UserStatus = UserStatus.active;

  @Field(() => Boolean)
  @Property({ type: 'boolean', fieldName: 'email_verified' })
  emailVerified: boolean = false;

  /** Language of the emails we send this user. */
  @Field(() => String)
  @Property({ type: 'text' })
  locale: Locale = 'en';

  @Property({ type: 'timestamptz', fieldName: 'email_verified_at', nullable: true })
  emailVerifiedAt: Date | null = null;

  /**
   * The session version: every access token carries the version it was issued under and is refused once this
   * moves on (sign out everywhere, password reset or change). Never a GraphQL field.
   */
  @Property({ type: 'int', fieldName: 'token_version' })
  tokenVersion: number = 0;

  /** VAT registration number (15 digits, 3…3), for B2B tax invoices. */
  @Field(() => String, { nullable: true })
  @Property({ type: 'text', fieldName: 'vat_number', nullable: true })
  vatNumber: string | null = null;

  /** Commercial registration number (10 digits). */
  @Field(() => String, { nullable: true })
  @Property({ type: 'text', fieldName: 'cr_number', nullable: true })
  crNumber: string | null = null;

  /** The privacy policy version accepted at registration, and when (null for accounts from before it was recorded). */
  @Field(() => String, { nullable: true })
  @Property({ type: 'text', fieldName: 'privacy_policy_version', nullable: true })
  privacyPolicyVersion: string | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', fieldName: 'privacy_accepted_at', nullable: true })
  privacyAcceptedAt: Date | null = null;

  /** Stored snake_case as validated by `nationalAddressSchema`; GraphQL reads it through `nationalAddress` below. */
  @Property({ type: 'json', fieldName: 'national_address', nullable: true })
  nationalAddress: NationalAddressFields | null = null;

  @Field(() => NationalAddress, { nullable: true, name: 'nationalAddress' })
  get nationalAddressFields(): NationalAddress | null {
    return this.nationalAddress && toGraphqlAddress(this.nationalAddress);
  }
}
