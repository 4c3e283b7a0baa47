import { Arg, Authorized, Ctx as Context, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { User } from '../users/user.entity.js';
import { USER_TOPICS, type UserChangedEvent } from '../users/user.events.js';
import { withAccess } from '../../graphql/live-access.js';
import { toStoredAddress } from '../../shared/national-address.js';

import {
  AuthPayload,
  ChangeEmailInput,
  ChangePasswordInput,
  EmailVerificationStatus,
  LoginInput,
  MessagePayload,
  ProfileInput,
  RegisterInput,
} from './auth.types.js';

@Resolver()
export class AuthResolver {
  @Mutation(() => AuthPayload)
  register(@Arg('input', () => RegisterInput) input: RegisterInput, @Context() ctx: Ctx) {
    return ctx.services.auth.register(
      {
        email: input.email,
        password: input.password,
        full_name: input.fullName,
        company_name: input.companyName,
        account_type: input.accountType,
        locale: input.locale,
        privacy_policy_version: input.privacyPolicyVersion,
      },
      ctx.ip,
    );
  }

  @Mutation(() => AuthPayload)
  login(@Arg('input', () => LoginInput) input: LoginInput, @Context() ctx: Ctx) {
    return ctx.services.auth.login(input, ctx.ip);
  }

  @Authorized()
  @Query(() => User, { description: 'The logged-in user' })
  me(@Context() ctx: Ctx) {
    return ctx.user!;
  }

  @Authorized()
  @Query(() => EmailVerificationStatus)
  emailVerificationStatus(@Context() ctx: Ctx): EmailVerificationStatus {
    return { emailVerified: ctx.user!.emailVerified };
  }

  @Mutation(() => User, { description: 'Verifies an email address with the token from the link we sent' })
  verifyEmail(@Arg('token', () => String) token: string, @Context() ctx: Ctx) {
    return ctx.services.auth.verifyEmail({ token });
  }

  @Mutation(() => MessagePayload, { description: 'Sends a new verification link; email defaults to the logged-in user' })
  async resendVerification(@Arg('email', () => String, { nullable: true }) email: string | null, @Context() ctx: Ctx) {
    const message = await ctx.services.auth.resendVerification({ email: email ?? ctx.user?.email }, ctx.ip);
    return { message };
  }

  @Authorized()
  @Mutation(() => User)
  updateProfile(@Arg('input', () => ProfileInput) input: ProfileInput, @Context() ctx: Ctx) {
    return ctx.services.users.updateProfile(ctx.user!, {
      full_name: input.fullName,
      company_name: input.companyName,
      phone: input.phone,
      locale: input.locale ?? undefined,
      vat_number: input.vatNumber,
      cr_number: input.crNumber,
      national_address: input.nationalAddress && toStoredAddress(input.nationalAddress),
    });
  }

  @Authorized()
  @Mutation(() => MessagePayload, {
    description: 'Ends every session of the account, this one included (every token issued so far stops working)',
  })
  async logoutAll(@Context() ctx: Ctx) {
    return { message: await ctx.services.accountSecurity.logoutAll(ctx.user!) };
  }

  @Mutation(() => MessagePayload, {
    description: 'Mails a link to set a new password; the same answer whether or not the address has an account',
  })
  async forgotPassword(@Arg('email', () => String) email: string, @Context() ctx: Ctx) {
    return { message: await ctx.services.accountSecurity.forgotPassword({ email }, ctx.ip) };
  }

  @Mutation(() => MessagePayload, { description: 'Sets a new password with the token of a reset link; ends every session of the account' })
  async resetPassword(@Arg('token', () => String) token: string, @Arg('password', () => String) password: string, @Context() ctx: Ctx) {
    return { message: await ctx.services.accountSecurity.resetPassword({ token, password }) };
  }

  @Authorized()
  @Mutation(() => AuthPayload, {
    description: 'Changes the password (the current one is required); other sessions end and the answer carries a token of the new session',
  })
  changePassword(@Arg('input', () => ChangePasswordInput) input: ChangePasswordInput, @Context() ctx: Ctx) {
    return ctx.services.accountSecurity.changePassword(ctx.user!, {
      current_password: input.currentPassword,
      new_password: input.newPassword,
    });
  }

  @Authorized()
  @Mutation(() => MessagePayload, {
    description: 'Asks to change the login email (the current password is required); a confirmation link goes to the new address',
  })
  async requestEmailChange(@Arg('input', () => ChangeEmailInput) input: ChangeEmailInput, @Context() ctx: Ctx) {
    return {
      message: await ctx.services.accountSecurity.requestEmailChange(ctx.user!, {
        current_password: input.currentPassword,
        new_email: input.newEmail,
      }),
    };
  }

  @Mutation(() => User, { description: 'Makes the address of an email change link the login email; the old address is told' })
  confirmEmailChange(@Arg('token', () => String) token: string, @Context() ctx: Ctx) {
    return ctx.services.accountSecurity.confirmEmailChange({ token });
  }

  @Mutation(() => MessagePayload)
  async subscribeNewsletter(
    @Arg('email', () => String) email: string,
    @Arg('locale', () => String, { nullable: true }) locale: string | null,
    @Context() ctx: Ctx,
  ) {
    return { message: await ctx.services.newsletter.subscribe({ email, locale }, ctx.ip) };
  }

  @Authorized()
  @Subscription(() => User, {
    topics: USER_TOPICS.userChanged,
    // Checked against the account's current state: a session ended meanwhile (sign out everywhere) gets nothing more.
    filter: ({ payload, context }: { payload: UserChangedEvent; context: Ctx }) =>
      payload.userId === context.user?.id && withAccess(context.deps, context.user, (a) => a !== null),
    description: 'The logged-in user, each time their account changes (verified, profile, role, status)',
  })
  async meUpdated(@Root() payload: UserChangedEvent, @Context() ctx: Ctx) {
    return ctx.em.fork().findOneOrFail(User, { id: payload.userId });
  }
}
