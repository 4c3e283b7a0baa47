import { Field, InputType, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity.js';

@ObjectType()
export class AuthPayload {
  @Field(() => String) accessToken!: string;
  @Field(() => User) user!: User;
}

@ObjectType()
export class MessagePayload {
  @Field(() => String) message!: string;
}

@ObjectType()
export class EmailVerificationStatus {
  @Field(() => Boolean) emailVerified!: boolean;
}

@InputType()
export class RegisterInput {
  @Field(() => String) email!: string;
  @Field(() => String) password!: string;
  @Field(() => String) fullName!: string;
  @Field(() => String, { nullable: true }) companyName?: string | null;
  @Field(() => String, { nullable: true, description: "'regular' (default) or 'host_seller' to list resources" })
  accountType?: string | null;
  @Field(() => String, { nullable: true, description: "Language of our emails: 'en' or 'ar'" }) locale?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'The privacy policy version the form showed (recorded as accepted); absent = the current one',
  })
  privacyPolicyVersion?: string | null;
}

@InputType()
export class LoginInput {
  @Field(() => String) email!: string;
  @Field(() => String) password!: string;
}

@InputType()
export class NationalAddressInput {
  @Field(() => String, { nullable: true }) buildingNumber?: string | null;
  @Field(() => String, { nullable: true }) street?: string | null;
  @Field(() => String, { nullable: true }) district?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) postalCode?: string | null;
  @Field(() => String, { nullable: true }) additionalNumber?: string | null;
}

@InputType()
export class ProfileInput {
  @Field(() => String) fullName!: string;
  @Field(() => String, { nullable: true }) companyName?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true, description: "Preferred language (our emails): 'en' or 'ar'; left as it is when absent" })
  locale?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'VAT registration number (15 digits, starting and ending with 3); absent = unchanged, null or blank = cleared',
  })
  vatNumber?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Commercial registration number (10 digits); absent = unchanged, null or blank = cleared',
  })
  crNumber?: string | null;
  @Field(() => NationalAddressInput, { nullable: true, description: 'National address; absent = unchanged, null or all blank = cleared' })
  nationalAddress?: NationalAddressInput | null;
}

@InputType()
export class ChangePasswordInput {
  @Field(() => String) currentPassword!: string;
  @Field(() => String) newPassword!: string;
}

@InputType()
export class ChangeEmailInput {
  @Field(() => String) currentPassword!: string;
  @Field(() => String) newEmail!: string;
}
