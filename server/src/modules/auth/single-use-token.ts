import { randomUUID } from 'node:crypto';
import { ManyToOne, OptionalProps, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/** A single-use link mailed to a user (its table names the purpose). Only the SHA-256 of the token is stored. */
export abstract class SingleUseToken {
  [OptionalProps]?: 'createdAt' | 'usedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { fieldName: 'user_id', deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ type: 'text', fieldName: 'token_hash', unique: true })
  tokenHash!: string;

  @Property({ type: 'timestamptz', fieldName: 'expires_at' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', fieldName: 'used_at', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'timestamptz', fieldName: 'created_at' })
  createdAt: Date = new Date();
}
