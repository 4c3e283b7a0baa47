/** `npm run schema`: writes the sorted schema.graphql at the repository root (committed; CI checks it). */
import { writeFileSync } from 'node:fs';
import { buildAppSchema, printAppSchema } from './build-schema.js';
import { createEventBus } from './pubsub.js';

const schema = await buildAppSchema(await createEventBus());
writeFileSync(process.argv[2] ?? 'schema.graphql', printAppSchema(schema));
console.log(`schema written to ${process.argv[2] ?? 'schema.graphql'}`);
