import { defineConfig } from "drizzle-kit"

// `npm run db:generate` writes SQL migrations to resources/migrations/ (shipped with the app and
// applied at open by src-main/store/migrator.ts). Triggers and FTS5 go in custom migrations:
// `npx drizzle-kit generate --custom --name <name>`.
export default defineConfig({
  dialect: "sqlite",
  schema: [
    "./src-main/store/schema.ts",
    "./src-main/store/schema-scenarios.ts",
    "./src-main/store/schema-flags.ts",
    "./src-main/store/schema-documents.ts",
    "./src-main/store/schema-packs.ts",
    "./src-main/store/schema-threads.ts",
  ],
  out: "./resources/migrations",
})
