import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description: 'Payment gateway (MyFatoorah) settings; the API key is never sent, only whether it is set and its last 4 characters',
})
export class MyFatoorahSettings {
  @Field(() => Boolean) apiKeySet!: boolean;
  @Field(() => String, { nullable: true }) apiKeyLast4!: string | null;
  @Field(() => Boolean) testMode!: boolean;
  @Field(() => Boolean, { description: 'The merchant account is PCI DSS certified: only then does our own card form (direct charge) work' })
  pciCertified!: boolean;
  @Field(() => String) webhookUrl!: string;
  @Field(() => String) successUrl!: string;
  @Field(() => String) errorUrl!: string;
}

@ObjectType()
export class AiChatSettings {
  @Field(() => Boolean) apiKeySet!: boolean;
  @Field(() => String, { nullable: true }) apiKeyLast4!: string | null;
  @Field(() => Boolean) enabled!: boolean;
  @Field(() => String, { description: 'openai, anthropic or google' }) provider!: string;
  @Field(() => String) model!: string;
  @Field(() => String) systemPrompt!: string;
  @Field(() => Float) temperature!: number;
  @Field(() => Int) maxTokens!: number;
}

@ObjectType({ description: "The platform's name and contact details, shown across the site" })
export class GeneralSettings {
  @Field(() => String) platformName!: string;
  @Field(() => String) contactEmail!: string;
  @Field(() => String) contactPhone!: string;
  @Field(() => String) address!: string;
  @Field(() => String, { description: 'The address as Arabic pages show it (empty: they show address)' }) addressAr!: string;
  @Field(() => String) vatNumber!: string;
  @Field(() => String) businessHours!: string;
  @Field(() => String, { description: 'The business hours as Arabic pages show them (empty: they show businessHours)' })
  businessHoursAr!: string;
}

@ObjectType()
export class AdminSettings {
  @Field(() => MyFatoorahSettings) myfatoorah!: MyFatoorahSettings;
  @Field(() => AiChatSettings) aiChat!: AiChatSettings;
  @Field(() => GeneralSettings) general!: GeneralSettings;
}

@InputType({ description: 'Fields left out keep their saved value; without apiKey the saved key is kept' })
export class MyFatoorahSettingsInput {
  @Field(() => String, { nullable: true }) apiKey?: string | null;
  @Field(() => Boolean, { nullable: true }) clearApiKey?: boolean | null;
  @Field(() => Boolean, { nullable: true }) testMode?: boolean | null;
  @Field(() => Boolean, { nullable: true }) pciCertified?: boolean | null;
  @Field(() => String, { nullable: true }) webhookUrl?: string | null;
  @Field(() => String, { nullable: true }) successUrl?: string | null;
  @Field(() => String, { nullable: true }) errorUrl?: string | null;
}

@InputType({ description: 'Fields left out keep their saved value; without apiKey the saved key is kept' })
export class AiChatSettingsInput {
  @Field(() => String, { nullable: true }) apiKey?: string | null;
  @Field(() => Boolean, { nullable: true }) clearApiKey?: boolean | null;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean | null;
  @Field(() => String, { nullable: true }) provider?: string | null;
  @Field(() => String, { nullable: true }) model?: string | null;
  @Field(() => String, { nullable: true }) systemPrompt?: string | null;
  @Field(() => Float, { nullable: true }) temperature?: number | null;
  @Field(() => Int, { nullable: true }) maxTokens?: number | null;
}

@InputType()
export class GeneralSettingsInput {
  @Field(() => String, { nullable: true }) platformName?: string | null;
  @Field(() => String, { nullable: true }) contactEmail?: string | null;
  @Field(() => String, { nullable: true }) contactPhone?: string | null;
  @Field(() => String, { nullable: true }) address?: string | null;
  @Field(() => String, { nullable: true }) addressAr?: string | null;
  @Field(() => String, { nullable: true }) vatNumber?: string | null;
  @Field(() => String, { nullable: true }) businessHours?: string | null;
  @Field(() => String, { nullable: true }) businessHoursAr?: string | null;
}

@ObjectType()
export class AiTestResult {
  @Field(() => Boolean) success!: boolean;
  @Field(() => String) model!: string;
  @Field(() => String, { nullable: true }) response!: string | null;
  @Field(() => String, { nullable: true }) error!: string | null;
}
