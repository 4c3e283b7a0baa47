import { Migration } from '@mikro-orm/migrations';

/**
 * Arabic-aware marketplace search (issue 4): the same word is often written with or without hamza on the alef,
 * with taa marbuta or haa, alef maqsura or yaa, with tatweel or short-vowel marks. `search_normalize` folds all of
 * these (أ إ آ ٱ → ا, ة → ه, ى → ي, tatweel and harakat removed) after lower(); the stored search column and the
 * query both go through it, so "القاهرة" finds "القاهره" and "مكتب" finds "مكتبٌ". It is IMMUTABLE (translate and
 * lower only), so it can define the generated column, and the trigram GIN index is rebuilt on the new column.
 */
const SEARCH_NORMALIZE_SQL = `create or replace function search_normalize(t text) returns text
  language sql immutable strict parallel safe
  as $fn$ select translate(lower(t),
    'أإآٱةىـ' || 'ًٌٍَُِّْٰٕٓٔ',
    'ااااهي') $fn$;`;

export class Migration20261123610000ArabicSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql(SEARCH_NORMALIZE_SQL);
    this.addSql(`drop index if exists resources_search_trgm_idx;`);
    this.addSql(`alter table resources drop column search_text;`);
    this.addSql(
      `alter table resources add column search_text text generated always as (search_normalize(title || ' ' || description || ' ' || location)) stored;`,
    );
    this.addSql(`create index resources_search_trgm_idx on resources using gin (search_text gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists resources_search_trgm_idx;`);
    this.addSql(`alter table resources drop column search_text;`);
    this.addSql(
      `alter table resources add column search_text text generated always as (lower(title || ' ' || description || ' ' || location)) stored;`,
    );
    this.addSql(`create index resources_search_trgm_idx on resources using gin (search_text gin_trgm_ops);`);
    this.addSql(`drop function if exists search_normalize(text);`);
  }
}
