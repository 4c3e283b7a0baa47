import { Entity } from '@mikro-orm/core';
import { SingleUseToken } from './single-use-token.js';

/** A single-use email verification link. */
@Entity({ tableName: 'email_verification_tokens' })
export class EmailVerificationToken extends SingleUseToken {}
