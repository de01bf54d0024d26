import { defineConfig } from 'drizzle-kit';

/** `pnpm --filter ./api db:generate` writes a new SQL migration into drizzle/ after a schema change. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
