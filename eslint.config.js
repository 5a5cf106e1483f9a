import js from "@eslint/js"
import tseslint from "typescript-eslint"

export default tseslint.config(
  { ignores: ["node_modules/**", "out/**", "dist/**", "test-results/**", ".tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setInterval: "readonly", clearInterval: "readonly", URL: "readonly", Buffer: "readonly", performance: "readonly", structuredClone: "readonly", TextEncoder: "readonly", TextDecoder: "readonly", window: "readonly", document: "readonly", queueMicrotask: "readonly" } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Electron stays at the edge: only src-main/electron may import it.
    files: ["src-main/**/*.ts", "src-shared/**/*.ts", "src-renderer/**/*.{ts,tsx}"],
    ignores: ["src-main/electron/**"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "electron", message: "Only src-main/electron/ may import electron." }] }],
    },
  },
)
