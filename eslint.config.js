import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  { ignores: ["dist/", ".dist-*/", "test-results*/", "node_modules/", "data/", ".test-data/", "test-results/", ".bench/", "coverage/", "**/*.tmp.*"] },
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
      eqeqeq: ["error", "smart"],
    },
  },
  {
    // Machines tell events apart by transitions, and pass what an action or guard needs as
    // typed params: no branching on the event's kind inside an action or guard.
    files: ["src/machines/**/*.ts"],
    // The event log records every actor's events: it reads an event's kind to leave out XState's own.
    ignores: ["src/machines/shell/eventLog.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "BinaryExpression[operator=/^[!=]==?$/]:matches([left.type='MemberExpression'][left.property.name='type'][left.object.name=/^(event|ev|e)$/], [right.type='MemberExpression'][right.property.name='type'][right.object.name=/^(event|ev|e)$/])",
          message: "Branch on the event in transitions, not on `event.type`: give the action or guard typed params.",
        },
        {
          selector: "SwitchStatement[discriminant.type='MemberExpression'][discriminant.property.name='type'][discriminant.object.name=/^(event|ev|e)$/]",
          message: "Branch on the event in transitions, not on `event.type`: give the action or guard typed params.",
        },
        {
          selector: "CallExpression[callee.property.name=/^(startsWith|endsWith|includes)$/][callee.object.type='MemberExpression'][callee.object.property.name='type'][callee.object.object.name=/^(event|ev|e)$/]",
          message: "Branch on the event in transitions, not on `event.type`: give the action or guard typed params.",
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts", "scripts/**/*.ts", "bench/**/*.ts", "test/**/*.ts"],
    rules: { "no-console": "off" },
  },
  {
    // The browser suite runs on a pinned day: its tests take `test` from fixtures.ts, which pins each context's clock.
    files: ["test/e2e/**/*.ts"],
    ignores: ["test/e2e/fixtures.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "@playwright/test", importNames: ["test"], message: "Import test from test/e2e/fixtures.ts: it pins every context to the suite's day." }] },
      ],
    },
  },
);
