import { Entity, Property } from '@mikro-orm/core';
import { SingleUseToken } from './single-use-token.js';

/** A single-use link mailed to a new address; opening it makes that address the account's login. */
@Entity({ tableName: 'email_change_tokens' })
export class EmailChangeToken extends SingleUseToken {
  @Property({ type: 'citext', fieldName: 'new_email' })
  newEmail!: string;
}
