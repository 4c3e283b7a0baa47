import { Entity } from '@mikro-orm/core';
import { SingleUseToken } from './single-use-token.js';

/** A single-use link that sets a new password, valid for one hour. */
@Entity({ tableName: 'password_reset_tokens' })
export class PasswordResetToken extends SingleUseToken {}
