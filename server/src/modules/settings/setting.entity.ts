import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One settings entry (spec: key/value). The value is JSON; secrets inside it are stored encrypted
 * (`api_key_encrypted`), never in clear. Not a GraphQL type: SettingsService shapes what admins see.
 */
@Entity({ tableName: 'settings' })
export class Setting {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'updatedBy';

  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: 'json' })
  value!: Record<string, unknown>;

  @Property({ type: 'uuid', fieldName: 'updated_by', nullable: true })
  updatedBy: string | null = null;

  @Property({ type: 'timestamptz', fieldName: 'created_at' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', fieldName: 'updated_at', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
