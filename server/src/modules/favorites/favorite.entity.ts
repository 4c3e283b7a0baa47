import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity.js';
import { Resource } from '../resources/resource.entity.js';

/** A listing a user saved to their favourites: one row per (user, listing), removed with either. */
@Entity({ tableName: 'favorites' })
@Unique({ name: 'favorites_user_resource_unique', properties: ['user', 'resource'] })
export class Favorite {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { fieldName: 'user_id', deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Resource, { fieldName: 'resource_id', deleteRule: 'cascade' })
  resource!: Resource;

  @Property({ type: 'timestamptz', fieldName: 'created_at' })
  createdAt: Date = new Date();
}
