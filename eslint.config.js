import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "shots/",
      "data/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    // A labelled scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
    files: ["app/**/*.tsx"],
    rules: {
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
    },
  },
  {
    // Only server/settings/env.ts reads the environment (docs/style.md §2).
    files: ["app/**", "server/**", "sites/**", "common/**"],
    ignores: ["server/settings/env.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read settings through server/settings/env.ts.",
        },
      ],
    },
  },
  {
    // App code imports only types from server/ (docs/architecture.md).
    files: ["app/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/*", "../server/**"],
              allowTypeImports: true,
              message: "App code imports only types from server/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The server imports only types from app/: what both sides need is in common/ (issue 35).
    // Tests may exercise both sides together.
    files: ["server/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/app/*", "**/app/**", "~/*"],
              allowTypeImports: true,
              message: "Server code imports only types from app/: move what both need to common/.",
            },
          ],
        },
      ],
    },
  },
  {
    // common/ is pure code both sides import: it imports from neither (sites/ holds data types).
    files: ["common/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/app/*", "**/app/**", "**/server/*", "**/server/**", "~/*"],
              message: "common/ is imported by app/ and server/, and imports neither.",
            },
          ],
        },
      ],
    },
  },
  {
    // A file a newcomer can read (issue 56): no source file over 600 lines, no function over 60
    // (blank lines and comments not counted). Tests are exempt: a describe block reads as a list.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "common/**/*.ts", "sites/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "max-lines": ["error", { max: 600 }],
      "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
);
