import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';

/** One admin change: who did what to which record, what it was before and after, and when. Never updated. */
@ObjectType({ description: 'An admin change: who, what, before, after, when' })
@Entity({ tableName: 'audit_log' })
export class AuditEntry {
  [OptionalProps]?: 'createdAt' | 'actorId' | 'entityId' | 'entityLabel' | 'before' | 'after';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => ID, { nullable: true, description: 'The admin who made the change (null if that account was deleted)' })
  @Property({ type: 'uuid', fieldName: 'actor_id', nullable: true })
  actorId: string | null = null;

  /** Kept as text so the log still says who it was after the account is gone. */
  @Field(() => String)
  @Property({ type: 'text', fieldName: 'actor_email' })
  actorEmail!: string;

  @Field(() => String, { description: "What was done, e.g. 'user.update', 'settings.update'" })
  @Property({ type: 'text' })
  action!: string;

  @Field(() => String, { description: "Kind of record changed, e.g. 'user', 'setting', 'resource'" })
  @Property({ type: 'text', fieldName: 'entity_type' })
  entityType!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', fieldName: 'entity_id', nullable: true })
  entityId: string | null = null;

  @Field(() => String, { nullable: true, description: "A readable name for the record at the time (e.g. the user's email)" })
  @Property({ type: 'text', fieldName: 'entity_label', nullable: true })
  entityLabel: string | null = null;

  @Field(() => GraphQLJSONObject, { nullable: true })
  @Property({ type: 'json', nullable: true })
  before: Record<string, unknown> | null = null;

  @Field(() => GraphQLJSONObject, { nullable: true })
  @Property({ type: 'json', nullable: true })
  after: Record<string, unknown> | null = null;

  @Field(() => Date)
  @Property({ type: 'timestamptz', fieldName: 'created_at' })
  createdAt: Date = new Date();
}
