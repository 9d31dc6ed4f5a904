import { defineConfig } from 'vitest/config'

/** Unit tests of shared/ rules (node) and island tests (happy-dom). */
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      // The /v1 description, made from the worker's declarations in node (its validator compiles schemas, which workerd forbids).
      { extends: true, test: { name: 'api-doc', include: ['tests/api/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'islands', include: ['tests/islands/**/*.test.{ts,tsx}'], environment: 'happy-dom' } },
    ],
  },
})
