import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { ServiceContent } from './business-services.content.js';

/**
 * A business service as stored: both languages in one `content` column. Not a GraphQL type itself:
 * clients get a `BusinessService` in one language (business-service.types.ts), so the usual
 * entity-is-the-object-type rule does not fit here.
 */
@Entity({ tableName: 'services' })
export class ServiceOffering {
  [OptionalProps]?: 'image' | 'sortOrder' | 'createdAt' | 'updatedAt';

  /** The slug used in URLs, e.g. "logistics". */
  @PrimaryKey({ type: 'text' })
  id!: string;

  /** A lucide icon name, e.g. "Truck". */
  @Property({ type: 'text' })
  icon!: string;

  /** Path of an illustration the client serves, or null. */
  @Property({ type: 'text', nullable: true })
  image: string | null = null;

  @Property({ type: 'integer', fieldName: 'sort_order' })
  sortOrder: number = 0;

  @Property({ type: 'json' })
  content!: { en: ServiceContent; ar: ServiceContent };

  @Property({ type: 'timestamptz', fieldName: 'created_at' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', fieldName: 'updated_at', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
