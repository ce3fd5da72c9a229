import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each table's schema file lives with its owner: the platform or one area.
  schema: [
    './src/server/platform/**/*.schema.ts',
    './src/server/areas/**/*.schema.ts',
    './src/server/providers/**/*.schema.ts',
  ],
  out: './src/server/platform/db/migrations',
});
