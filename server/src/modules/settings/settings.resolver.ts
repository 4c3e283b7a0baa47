import { Arg, Authorized, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx } from '../../graphql/context.js';
import { Role } from '../common/roles.js';
import { camelKeys, snakeKeysDefined } from '../common/case.js';
import {
  AdminSettings,
  AiChatSettings,
  AiChatSettingsInput,
  AiTestResult,
  GeneralSettings,
  GeneralSettingsInput,
  MyFatoorahSettings,
  MyFatoorahSettingsInput,
} from './settings.types.js';

@Resolver()
export class SettingsResolver {
  @Authorized(Role.admin)
  @Query(() => AdminSettings)
  async adminSettings(@Context() ctx: Ctx): Promise<AdminSettings> {
    const list = await ctx.services.settings.list(ctx.user!);
    const byKey = Object.fromEntries(list.map((s) => [s.key, camelKeys(s.value)]));
    return { myfatoorah: byKey.myfatoorah, aiChat: byKey.ai_chat, general: byKey.general } as AdminSettings;
  }

  @Authorized(Role.admin)
  @Mutation(() => MyFatoorahSettings)
  async updateMyFatoorahSettings(@Arg('input', () => MyFatoorahSettingsInput) input: MyFatoorahSettingsInput, @Context() ctx: Ctx) {
    return camelKeys<MyFatoorahSettings>(await ctx.services.settings.update(ctx.user!, 'myfatoorah', snakeKeysDefined(input)));
  }

  @Authorized(Role.admin)
  @Mutation(() => AiChatSettings)
  async updateAiChatSettings(@Arg('input', () => AiChatSettingsInput) input: AiChatSettingsInput, @Context() ctx: Ctx) {
    return camelKeys<AiChatSettings>(await ctx.services.settings.update(ctx.user!, 'ai_chat', snakeKeysDefined(input)));
  }

  @Authorized(Role.admin)
  @Mutation(() => GeneralSettings)
  async updateGeneralSettings(@Arg('input', () => GeneralSettingsInput) input: GeneralSettingsInput, @Context() ctx: Ctx) {
    return camelKeys<GeneralSettings>(await ctx.services.settings.update(ctx.user!, 'general', snakeKeysDefined(input)));
  }

  @Authorized(Role.admin)
  @Mutation(() => AiTestResult, { description: 'Sends one message through the saved AI assistant settings' })
  testAiChat(@Arg('message', () => String) message: string, @Context() ctx: Ctx) {
    return ctx.services.settings.testAiChat(ctx.user!, { message });
  }

  @Query(() => GeneralSettings, { description: "The platform's name, contact details, VAT number and business hours (public)" })
  async platformInfo(@Context() ctx: Ctx) {
    return camelKeys<GeneralSettings>(await ctx.services.settings.getGeneral());
  }
}
