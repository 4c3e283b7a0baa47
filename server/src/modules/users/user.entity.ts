import { Entity, Enum, Index, Property } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../common/base.entity.js';
import { Role, UserStatus } from '../common/roles.js';

@ObjectType()
@Entity({ tableName: 'users' })
export class User extends BaseEntity<'role' | 'status' | 'emailVerified' | 'emailVerifiedAt' | 'locale' | 'companyName' | 'phone' | 'tokenVersion'> {
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
  locale: 'en' | 'ar' = 'en';

  @Property({ type: 'timestamptz', fieldName: 'email_verified_at', nullable: true })
  emailVerifiedAt: Date | null = null;

  /**
   * The session version: every access token carries the version it was issued under and is refused once this
   * moves on (sign out everywhere, password reset or change). Never a GraphQL field.
   */
  @Property({ type: 'int', fieldName: 'token_version' })
  tokenVersion: number = 0;
}
